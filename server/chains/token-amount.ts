/**
 * Token base units to the ledger's USDT (6 decimals), exactly: bigint arithmetic only, never a JS
 * number. A token with more than 6 decimals (USDT on BNB Smart Chain has 18) cannot always be
 * credited in full; the part below 1e-6 is rounded down and returned as `remainder`, in the
 * token's base units, so the deposit row records it (docs/wallet.md, "Amounts").
 */
const LEDGER_DECIMALS = 6;

export interface LedgerAmount {
  /** What the ledger credits: a plain decimal with exactly 6 decimals ("12.345678"). */
  amount: string;
  /** Base units that did not fit 6 decimals (0n when the token has 6 or fewer). */
  remainder: bigint;
}

export function toLedgerAmount(baseUnits: bigint, decimals: number): LedgerAmount {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 77) throw new Error(`bad token decimals: ${decimals}`);
  if (baseUnits < 0n) throw new Error('a token amount is never negative');
  let micro: bigint;
  let remainder = 0n;
  if (decimals >= LEDGER_DECIMALS) {
    const divisor = 10n ** BigInt(decimals - LEDGER_DECIMALS);
    micro = baseUnits / divisor;
    remainder = baseUnits % divisor;
  } else {
    micro = baseUnits * 10n ** BigInt(LEDGER_DECIMALS - decimals);
  }
  return { amount: formatMicro(micro), remainder };
}

/** A 6-decimal amount ("1.5", "0.000001") in base units of a token with `decimals`; refuses what does not fit. */
export function fromLedgerAmount(amount: string, decimals: number): bigint {
  const match = /^(\d+)(?:\.(\d{1,6}))?$/.exec(amount);
  if (!match) throw new Error(`not a 6-decimal amount: ${amount}`);
  const micro = BigInt(match[1]!) * 1_000_000n + BigInt((match[2] ?? '').padEnd(6, '0') || '0');
  if (decimals >= LEDGER_DECIMALS) return micro * 10n ** BigInt(decimals - LEDGER_DECIMALS);
  const divisor = 10n ** BigInt(LEDGER_DECIMALS - decimals);
  if (micro % divisor !== 0n) throw new Error(`${amount} has more decimals than the token's ${decimals}`);
  return micro / divisor;
}

function formatMicro(micro: bigint): string {
  const whole = micro / 1_000_000n;
  const fraction = (micro % 1_000_000n).toString().padStart(6, '0');
  return `${whole}.${fraction}`;
}
