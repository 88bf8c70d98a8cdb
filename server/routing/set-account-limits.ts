import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { traderBankAccounts } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { DomainError } from '../errors';
import { Dec } from '../money/decimal';
import { parseInput } from '../validation/parse-input';
import { routingSettings } from './routing-settings';

const fiat = z.string().regex(/^\d{1,18}(\.\d{1,2})?$/, { error: 'must be a CNY amount with up to 2 decimals' });

/** A trader's limits for one receiving account; null clears one back to the platform's default. */
export const accountLimitsInput = z
  .object({
    dailyOrderLimit: z.number().int().min(1).nullable(),
    dailyFiatLimit: fiat.nullable(),
    minOrderFiat: fiat.nullable(),
    maxOrderFiat: fiat.nullable(),
    cooldownSeconds: z.number().int().min(0).max(86_400).nullable(),
  })
  .strict();
export type AccountLimitsInput = z.input<typeof accountLimitsInput>;

type SetAccountLimitsOptions = AccountLimitsInput & {
  traderId: string;
  bankAccountId: string;
  actor: AuditActorRef;
};

/**
 * The trader sets one account's limits (docs/routing.md, "Account limits"): within the platform's
 * bounds, or ACCOUNT_LIMIT_OUT_OF_BOUNDS and nothing changes. Audited; another trader's account is
 * NOT_FOUND. Today's count carries on: a lower limit takes effect for the next match.
 */
export async function setAccountLimits(db: Db, { traderId, bankAccountId, actor, ...raw }: SetAccountLimitsOptions) {
  const input = parseInput(accountLimitsInput, raw);
  const { value: settings } = await routingSettings(db);
  const bounds = settings.limits;
  const refuse = (message: string) => {
    throw new DomainError('ACCOUNT_LIMIT_OUT_OF_BOUNDS', message);
  };
  if (input.dailyOrderLimit !== null && input.dailyOrderLimit > bounds.maxDailyOrders) refuse(`dailyOrderLimit may be at most ${bounds.maxDailyOrders}.`);
  if (input.dailyFiatLimit !== null && (new Dec(input.dailyFiatLimit).lte(0) || new Dec(input.dailyFiatLimit).gt(bounds.maxDailyFiat))) {
    refuse(`dailyFiatLimit must be more than 0 and at most ${bounds.maxDailyFiat}.`);
  }
  if (input.cooldownSeconds !== null && input.cooldownSeconds < bounds.minCooldownSeconds) refuse(`cooldownSeconds must be at least ${bounds.minCooldownSeconds}.`);
  if (input.minOrderFiat !== null && new Dec(input.minOrderFiat).lte(0)) refuse('minOrderFiat must be more than 0.');
  if (input.maxOrderFiat !== null && new Dec(input.maxOrderFiat).lte(0)) refuse('maxOrderFiat must be more than 0.');
  if (input.minOrderFiat !== null && input.maxOrderFiat !== null && new Dec(input.maxOrderFiat).lt(input.minOrderFiat)) {
    refuse('maxOrderFiat must not be below minOrderFiat.');
  }
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: traderBankAccounts.id, accountLast4: traderBankAccounts.accountLast4 })
      .from(traderBankAccounts)
      .where(and(eq(traderBankAccounts.id, bankAccountId), eq(traderBankAccounts.traderId, traderId)))
      .for('update');
    if (!account) throw new DomainError('NOT_FOUND', 'No such bank account.');
    await tx
      .update(traderBankAccounts)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(traderBankAccounts.id, account.id));
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip,
      action: 'trader.bank_account.limits',
      targetType: 'trader',
      targetId: traderId,
      details: { bankAccountId: account.id, accountLast4: account.accountLast4, ...input },
    });
    return { id: account.id, ...input };
  });
}
