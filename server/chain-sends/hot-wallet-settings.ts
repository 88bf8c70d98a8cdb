import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { platformSettings } from '../../db/schema';
import { amountString } from '../money/amount-strings';

const HOT_WALLET_SETTINGS_KEY = 'wallet_hot_wallet_settings';

const usdt = amountString({ maxDecimals: 6, example: '1000', allowZero: true });
const chainKey = z.string().regex(/^[a-z][a-z0-9-]{1,31}$/);

/**
 * The operator's settings for the hot wallets and the sweeps into them (docs/wallet.md, "Sweeps"
 * and "Target balance and cold storage"), each with a default until set.
 */
const hotWalletSettingsValue = z
  .object({
    /** A deposit address is swept once its credited, unswept USDT reaches this. */
    sweepThreshold: usdt,
    /** Per chain: the USDT the hot wallet aims to hold. Above it the excess is flagged for cold storage; below it withdrawals wait. None: no target. */
    targets: z.record(chainKey, usdt),
    /** Per chain: the cold storage address the excess goes to, by hand. An address only: Corridor never holds its key. */
    coldAddresses: z.record(chainKey, z.string().min(26).max(64)),
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

/** Stores settings (tests, the command line); a partial value keeps the rest as they are. */
export async function writeHotWalletSettings(db: Executor, value: Partial<HotWalletSettings>, now = new Date()): Promise<void> {
  const next = hotWalletSettingsValue.parse({ ...(await hotWalletSettings(db)), ...value });
  await db
    .insert(platformSettings)
    .values({ key: HOT_WALLET_SETTINGS_KEY, value: next, updatedAt: now })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value: next, updatedAt: now } });
}
