import { and, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { DomainError } from '../errors';
import { isoMsOrNull } from '../money/format';
import { addDisputeEvidence } from './add-dispute-evidence';
import { countEvidenceImages } from './count-evidence-images';
import { EVIDENCE_STATES, MAX_EVIDENCE_IMAGES } from './dispute-evidence.schema';
import { orderTableOf, type DisputeFlow } from '../orders/order-ref';
import { listDisputeEvidence } from './list-dispute-evidence';
import { listOpenEvidenceRequests } from './list-evidence-requests';
import { openDeadlineFor } from './case-deadlines';

async function traderOrder(db: Executor, input: { traderId: string; flow: DisputeFlow; orderId: string }) {
  const table = orderTableOf(input.flow);
  const [order] = await db
    .select({ id: table.id, status: table.status, timersPausedAt: table.timersPausedAt })
    .from(table)
    .where(and(eq(table.id, input.orderId), eq(table.traderId, input.traderId)));
  // Another trader's order looks exactly like a missing one.
  if (!order) throw new DomainError('ORDER_NOT_FOUND', 'Order not found.');
  return order;
}

/**
 * A trader's side of a disputed order (docs/trader-guide.md, "Disputes"): the evidence it added
 * (never the other parties' or the operators' notes), what the operator asks of it, whether the
 * order's deadlines are paused, and whether it may add more.
 */
export async function traderDisputeEvidence(db: Executor, input: { traderId: string; flow: DisputeFlow; orderId: string }) {
  const order = await traderOrder(db, input);
  const subject = { flow: input.flow, orderId: order.id, party: 'trader' } as const;
  const states: readonly string[] = EVIDENCE_STATES[input.flow];
  return {
    status: order.status,
    canAdd: states.includes(order.status),
    timersPausedAt: isoMsOrNull(order.timersPausedAt),
    items: await listDisputeEvidence(db, subject),
    imagesRemaining: Math.max(0, MAX_EVIDENCE_IMAGES - (await countEvidenceImages(db, subject))),
    requests: await listOpenEvidenceRequests(db, { flow: input.flow, orderId: order.id, party: 'trader', status: order.status }),
    // By when the dispute waits for the trader's answer (docs/operator-guide.md, "Deadlines"); null when it does not.
    answerDueAt: order.status === 'DISPUTED' ? await openDeadlineFor(db, { flow: input.flow, orderId: order.id }, 'trader') : null,
  };
}

/** The trader adds a statement and/or images to its own order that is disputed or about to be. */
export async function addTraderEvidence(
  db: Db,
  input: { traderId: string; flow: DisputeFlow; orderId: string; statement?: string | undefined; images: string[]; ip?: string | null },
) {
  await traderOrder(db, input);
  return addDisputeEvidence(db, {
    flow: input.flow,
    orderId: input.orderId,
    party: 'trader',
    authorId: input.traderId,
    statement: input.statement,
    files: input.images.map((image) => new Uint8Array(Buffer.from(image, 'base64'))),
    scope: { traderId: input.traderId },
    ip: input.ip ?? null,
  });
}
