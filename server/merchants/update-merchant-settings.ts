import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchants } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { endSessionsOfMerchant } from '../auth/session-version';
import { DomainError } from '../errors';
import { parseInput } from '../validation/parse-input';
import { forgetMerchant } from '../api-keys/merchant-cache';
import { merchantSettingsInput, type MerchantSettingsInput } from './merchant-settings.schema';

type UpdateMerchantSettingsOptions = MerchantSettingsInput & {
  merchantId: string;
  actor: AuditActorRef;
};

/** Changes fees, windows, status or the webhook endpoint of a merchant, audited. */
export async function updateMerchantSettings(
  db: Db,
  { merchantId, actor, ...rawInput }: UpdateMerchantSettingsOptions,
): Promise<typeof merchants.$inferSelect> {
  const input = parseInput(merchantSettingsInput, rawInput);
  if (Object.keys(input).length === 0) {
    throw new DomainError('VALIDATION_FAILED', 'Nothing to change.');
  }
  const updated = await db.transaction(async (tx) => {
    const [before] = await tx.select({ status: merchants.status }).from(merchants).where(eq(merchants.id, merchantId)).for('update');
    const [updated] = await tx
      .update(merchants)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(merchants.id, merchantId))
      .returning();
    if (!updated) throw new DomainError('NOT_FOUND', 'No such merchant.');
    // A change of status ends the team's console sessions, as a trader's does: a suspension takes
    // effect at the next request, and lifting one does not revive a session opened before it.
    if (before && before.status !== updated.status) await endSessionsOfMerchant(tx, merchantId);
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip,
      action: 'merchant.update',
      targetType: 'merchant',
      targetId: merchantId,
      details: input,
    });
    return updated;
  });
  forgetMerchant(merchantId);
  return updated;
}
