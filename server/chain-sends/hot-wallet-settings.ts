import { eq } from 'drizzle-orm';
import { isAddress } from 'viem';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { platformSettings } from '../../db/schema';
import { canonicalTronAddress } from '../chains/tron/address';
import { amountString } from '../money/amount-strings';
import { isoMsOrNull } from '../money/format';

export const HOT_WALLET_SETTINGS_KEY = 'wallet_hot_wallet_settings';

const usdt = amountString({ maxDecimals: 6, example: '1000', allowZero: true });
const chainKey = z.string().regex(/^[a-z][a-z0-9-]{1,31}$/);

/**
 * The operator's settings for the hot wallets and the sweeps into them (docs/wallet.md, "Sweeps"
 * and "Target balance and cold storage"), each with a default until set.
 */
export const hotWalletSettingsValue = z
  .object({
    /** A deposit address is swept once its credited, unswept USDT reaches this. */
    sweepThreshold: usdt,
    /** Per chain: the USDT the hot wallet aims to hold. Above it the excess is flagged for cold storage; below it withdrawals wait. None: no target. */
    targets: z.record(chainKey, usdt),
    /** Per chain: the cold storage address the excess goes to, by hand. An address only: Corridor never holds its key. */
    coldAddresses: z.record(
      chainKey,
      z
        .string()
        .max(64)
        .refine((address) => isAddress(address, { strict: true }) || canonicalTronAddress(address) === address, { error: 'must be a checksummed EVM address or a TRON address' }),
    ),
  })
  .strict();
export type HotWalletSettings = z.output<typeof hotWalletSettingsValue>;

const DEFAULTS: HotWalletSettings = { sweepThreshold: '100', targets: {}, coldAddresses: {} };

/** The settings in effect: the stored ones over the defaults (a stored value that no longer parses is ignored). */
export async function hotWalletSettings(db: Executor): Promise<HotWalletSettings> {
  const [row] = await db.select({ value: platformSettings.value }).from(platformSettings).where(eq(platformSettings.key, HOT_WALLET_SETTINGS_KEY));
  const stored = hotWalletSettingsValue.partial().safeParse(row?.value ?? {});
  return { ...DEFAULTS, ...(stored.success ? stored.data : {}) };
}

/**
 * The settings as a control (docs/security.md, "Control changes"): the cold address and the
 * targets decide where money goes, so they change only with a second operator's approval or from
 * the command line with a reason.
 */
export async function hotWalletSettingsControl(db: Executor): Promise<{ value: HotWalletSettings; setAt: string | null }> {
  const [row] = await db.select({ updatedAt: platformSettings.updatedAt }).from(platformSettings).where(eq(platformSettings.key, HOT_WALLET_SETTINGS_KEY));
  return { value: await hotWalletSettings(db), setAt: isoMsOrNull(row?.updatedAt) };
}

/** How people read the settings: the console's table, the CLI, the audit log's old and new value. */
export function displayHotWalletSettings(value: HotWalletSettings): string {
  const perChain = (record: Record<string, string>) => Object.entries(record).map(([chain, entry]) => `${chain} ${entry}`).join(', ') || 'none';
  return `sweep at ${value.sweepThreshold} USDT; targets: ${perChain(value.targets)}; cold: ${perChain(value.coldAddresses)}`;
}

/** Stores settings (control changes, tests); a partial value keeps the rest as they are. */
export async function writeHotWalletSettings(db: Executor, value: Partial<HotWalletSettings>, now = new Date()): Promise<void> {
  const next = hotWalletSettingsValue.parse({ ...(await hotWalletSettings(db)), ...value });
  await db
    .insert(platformSettings)
    .values({ key: HOT_WALLET_SETTINGS_KEY, value: next, updatedAt: now })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value: next, updatedAt: now } });
}
