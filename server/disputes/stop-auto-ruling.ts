import { desc, and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { disputeAutoRulings, payinOrders, payoutOrders, type AutoRulingStatus } from '../../db/schema';
import { recordAudit } from '../audit';
import { auditActorOf, type OperatorActor } from '../audit/operator-actor';
import { DomainError } from '../errors';
import { isoMs, isoMsOrNull } from '../money/format';
import type { DisputeRef } from '../orders/order-ref';
import { parseInput } from '../validation/parse-input';

export const stopAutoRulingInput = z.object({ autoRulingId: z.uuid(), reason: z.string().trim().min(1, { error: 'is required' }).max(500) }).strict();
type StopAutoRulingInput = z.input<typeof stopAutoRulingInput>;

type StopAutoRulingOptions = StopAutoRulingInput & {
  operator: OperatorActor;
  now?: Date;
};

/**
 * An operator stops a pending automatic ruling during its window (docs/operator-guide.md,
 * "Automatic rulings"), with a reason kept in the audit log. The order row is locked first, as the
 * scheduler locks it before applying: of a stop and the application at once exactly one counts, and
 * the later one is refused with AUTO_RULING_NOT_PENDING. A stopped rule is not proposed again for
 * the same dispute; the case waits for an operator's ruling.
 */
export async function stopAutoRuling(db: Db, { operator, now = new Date(), ...raw }: StopAutoRulingOptions) {
  const input = parseInput(stopAutoRulingInput, raw);
  return retryTransaction(db, async (tx) => {
    const [found] = await tx.select({ flow: disputeAutoRulings.flow, orderId: disputeAutoRulings.orderId }).from(disputeAutoRulings).where(eq(disputeAutoRulings.id, input.autoRulingId));
    if (!found) throw new DomainError('NOT_FOUND', 'No such automatic ruling.');
    const table = found.flow === 'payout' ? payoutOrders : payinOrders;
    await tx.select({ id: table.id }).from(table).where(eq(table.id, found.orderId)).for('update');
    const [auto] = await tx.select().from(disputeAutoRulings).where(eq(disputeAutoRulings.id, input.autoRulingId)).for('update');
    if (!auto || auto.status !== 'pending') {
      throw new DomainError('AUTO_RULING_NOT_PENDING', `This automatic ruling was already ${auto?.status ?? 'removed'}.`, { meta: { status: auto?.status ?? 'removed' } });
    }
    await tx.update(disputeAutoRulings).set({ status: 'stopped', stoppedBy: operator.id, outcomeNote: input.reason, decidedAt: now }).where(eq(disputeAutoRulings.id, auto.id));
    const actor = auditActorOf(operator);
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip ?? null,
      action: 'dispute.stop_auto_ruling',
      targetType: auto.flow,
      targetId: auto.orderId,
      details: { autoRulingId: auto.id, rule: auto.rule, ruling: auto.ruling, reasonCode: auto.reasonCode, applyAt: isoMs(auto.applyAt), reason: input.reason },
    });
    return { autoRulingId: auto.id, status: 'stopped' as AutoRulingStatus };
  });
}

export interface AutoRulingView {
  id: string;
  rule: string;
  ruling: string;
  reasonCode: string;
  note: string;
  /** When the scheduler applies it unless stopped (pending), or when it was decided. */
  applyAt: string;
  status: AutoRulingStatus;
  outcomeNote: string | null;
  stoppedBy: string | null;
  proposalId: string | null;
  decidedAt: string | null;
}

/** The automatic rulings of a case, newest first: the pending one carries the stop action in the console. */
export async function listAutoRulings(db: Executor, ref: DisputeRef): Promise<AutoRulingView[]> {
  const rows = await db
    .select()
    .from(disputeAutoRulings)
    .where(and(eq(disputeAutoRulings.flow, ref.flow), eq(disputeAutoRulings.orderId, ref.orderId)))
    .orderBy(desc(disputeAutoRulings.createdAt));
  return rows.map((row) => ({
    id: row.id,
    rule: row.rule,
    ruling: row.ruling,
    reasonCode: row.reasonCode,
    note: row.note,
    applyAt: isoMs(row.applyAt),
    status: row.status,
    outcomeNote: row.outcomeNote,
    stoppedBy: row.stoppedBy,
    proposalId: row.proposalId,
    decidedAt: isoMsOrNull(row.decidedAt),
  }));
}
