import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { traderBankAccounts } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { parseInput } from '../validation/parse-input';
import { lockAccount } from './lock-account';
import { autoConfirmSettingsInput } from './notification.schema';

export interface UpdateAutoConfirmOptions {
  traderId: string;
  input: unknown;
  actor: AuditActorRef;
}

/**
 * The trader's automatic-confirmation settings for one bank account (docs/trader-guide.md): on or
 * off, the score threshold (50-100) and how long the forwarder may be silent. Audited.
 */
export async function updateAutoConfirm(db: Db, options: UpdateAutoConfirmOptions) {
  const input = parseInput(autoConfirmSettingsInput, options.input);
  return db.transaction(async (tx) => {
    const account = await lockAccount(tx, options.traderId, input.bankAccountId);
    const [updated] = await tx
      .update(traderBankAccounts)
      .set({ autoConfirm: input.autoConfirm, autoConfirmThreshold: input.threshold, listenerSilenceSeconds: input.silenceSeconds, updatedAt: sql`now()` })
      .where(and(eq(traderBankAccounts.id, account.id), eq(traderBankAccounts.traderId, options.traderId)))
      .returning();
    await recordAudit(tx, {
      actorType: options.actor.type,
      actorId: options.actor.id,
      ip: options.actor.ip,
      action: 'trader.bank_account.auto_confirm',
      targetType: 'trader',
      targetId: options.traderId,
      details: { bankAccountId: account.id, autoConfirm: input.autoConfirm, threshold: input.threshold, silenceSeconds: input.silenceSeconds },
    });
    if (!updated) throw new Error('the locked account vanished');
    return { id: updated.id, autoConfirm: updated.autoConfirm, threshold: updated.autoConfirmThreshold, silenceSeconds: updated.listenerSilenceSeconds };
  });
}
