import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { platformSettings } from '../../db/schema';
import { amountString } from '../money/amount-strings';
import type { WithdrawalOwner } from './withdrawal-owner';

const WITHDRAWAL_SETTINGS_KEY = 'wallet_withdrawal_settings';

const usdt = amountString({ maxDecimals: 6, example: '1000', allowZero: true });

/**
 * The operator's withdrawal settings (docs/wallet.md, "Withdrawals"), each with a default until set.
 * Amounts are USDT strings; the fee is flat per chain (`fees`, else `defaultFee`).
 */
const withdrawalSettingsValue = z
  .object({
    /** A new book address is usable this many hours after it was added. */
    addressCooldownHours: z.number().int().min(0).max(24 * 30),
    /** At or under this (amount + fee) a request is approved at once, unless new address or unusual. */
    autoApproveLimit: usdt,
    /** Per-owner thresholds over the platform's, keyed `merchant:<id>` or `trader:<id>`. */
    ownerAutoApproveLimits: z.record(z.string().regex(/^(merchant|trader):[0-9a-f-]{36}$/), usdt),
    /** The most one owner may withdraw per UTC day (amount). */
    ownerDailyLimit: usdt,
    /** The most all owners together may withdraw per UTC day: the hot wallets' outflow. */
    platformDailyLimit: usdt,
    minimumAmount: usdt,
    defaultFee: usdt,
    fees: z.record(z.string().regex(/^[a-z][a-z0-9-]{1,31}$/), usdt),
  })
  .strict();
export type WithdrawalSettings = z.output<typeof withdrawalSettingsValue>;

const DEFAULTS: WithdrawalSettings = {
  addressCooldownHours: 24,
  autoApproveLimit: '1000',
  ownerAutoApproveLimits: {},
  ownerDailyLimit: '50000',
  platformDailyLimit: '500000',
  minimumAmount: '10',
  defaultFee: '1',
  fees: {},
};

/** The settings in effect: the stored ones over the defaults (a stored value that no longer parses is ignored). */
export async function withdrawalSettings(db: Executor): Promise<WithdrawalSettings> {
  const [row] = await db.select({ value: platformSettings.value }).from(platformSettings).where(eq(platformSettings.key, WITHDRAWAL_SETTINGS_KEY));
  const stored = withdrawalSettingsValue.partial().safeParse(row?.value ?? {});
  return { ...DEFAULTS, ...(stored.success ? stored.data : {}) };
}

/** Stores settings (tests, the command line); a partial value keeps the rest as they are. */
export async function writeWithdrawalSettings(db: Executor, value: Partial<WithdrawalSettings>, now = new Date()): Promise<void> {
  const next = withdrawalSettingsValue.parse({ ...(await withdrawalSettings(db)), ...value });
  await db
    .insert(platformSettings)
    .values({ key: WITHDRAWAL_SETTINGS_KEY, value: next, updatedAt: now })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value: next, updatedAt: now } });
}

/** The owner's auto-approval threshold: their own when the operator set one, else the platform's. */
export function autoApproveLimitOf(settings: WithdrawalSettings, owner: WithdrawalOwner): string {
  return settings.ownerAutoApproveLimits[`${owner.type}:${owner.id}`] ?? settings.autoApproveLimit;
}

/** The flat network fee of a chain. */
export function feeOf(settings: WithdrawalSettings, chainKey: string): string {
  return settings.fees[chainKey] ?? settings.defaultFee;
}
