/**
 * How many accounts the platform's fees are spread over. Every settled payout and pay-in credits a
 * fee; on one account those credits queue on one row lock from the update to the commit, so fees
 * go to one of these stripes instead (docs/ledger.md "Platform fees"). Changing the number needs a
 * migration that opens the new stripes: the ids are addressed without a look-up.
 */
export const PLATFORM_FEE_STRIPES = 16;

/** FNV-1a, 32 bits: cheap, stable across processes and releases (unlike any runtime hash). */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * Ledger account ids are derived from their owner, so value can be moved without looking accounts
 * up first. Every account holds USDT at 6 decimals.
 */
export const accountIds = {
  merchantAvailable: (merchantId: string) => `merchant:${merchantId}:available`,
  merchantFrozen: (merchantId: string) => `merchant:${merchantId}:frozen`,
  traderAvailable: (traderId: string) => `trader:${traderId}:available`,
  traderFrozen: (traderId: string) => `trader:${traderId}:frozen`,
  traderEscrow: (traderId: string) => `trader:${traderId}:escrow`,
  /** The trader's security deposit: bounds its open exposure, and a ruling against it may take a penalty from it. */
  traderBond: (traderId: string) => `trader:${traderId}:bond`,
  /** USDT of requested withdrawals (amount + fee) until the send is confirmed, failed or rejected. */
  withdrawalPending: (owner: { type: 'merchant' | 'trader'; id: string }) => `${owner.type}:${owner.id}:withdrawal_pending`,
  /** The owner's spendable balance, for flows that serve merchants and traders alike. */
  available: (owner: { type: 'merchant' | 'trader'; id: string }) => `${owner.type}:${owner.id}:available`,
  /**
   * The platform's first fee account: it keeps the fees posted before the stripes and receives no
   * new ones. The platform's fee balance is it plus every stripe (server/ledger/balances.ts).
   */
  platformFees: 'platform:fees',
  /** Fee stripe `index` (0 to PLATFORM_FEE_STRIPES - 1). */
  platformFeeStripe: (index: number) => `platform:fees:${index}`,
  /**
   * The stripe that receives the fee of one order: chosen from the order id, so a retried or
   * replayed transfer posts to the same stripe (the transfer id check compares the postings).
   */
  platformFeesFor: (orderId: string) => `platform:fees:${fnv1a(orderId) % PLATFORM_FEE_STRIPES}`,
  /** The world outside the ledger: counterparty of deposits and withdrawals; may go negative. */
  external: 'external:usdt',
} as const;
