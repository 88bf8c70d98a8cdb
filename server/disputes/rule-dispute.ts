import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { recordAudit } from '../audit';
import { payinDetailView } from '../payins/payin-view';
import { payoutDetailView } from '../payouts/payout-view';
import { applyPayinTransition, applyPayoutTransition } from '../state-machines/apply-transition';
import { parseInput } from '../validation/parse-input';
import { claimRefusal } from './claim-dispute';
import { orderTableOf } from './dispute-ref';
import { payoutResolutionOf } from './payout-resolution';
import { auditActorOf, type OperatorActor } from './operator-actor';
import { retryTransaction } from '../../db/retry-transaction';

// The note's 1 to 1000 characters are the state machine's guard (requireNote), checked on the
// locked row like every other rule of a transition; here only an upper bound for the wire.
const note = z.string().max(2000);

export const ruleDisputeInput = z.discriminatedUnion('flow', [
  z.object({ flow: z.literal('payout'), orderId: z.uuid(), ruling: z.enum(['release', 'refund']), note }).strict(),
  z.object({ flow: z.literal('payin'), orderId: z.uuid(), ruling: z.enum(['complete', 'fail']), note }).strict(),
]);
export type RuleDisputeInput = z.input<typeof ruleDisputeInput>;

const actionOf = {
  release: 'resolve_release',
  refund: 'resolve_refund',
  complete: 'resolve_complete',
  fail: 'resolve_fail',
} as const;

/**
 * The claim holder rules on a dispute with a mandatory note. Payout: release (COMPLETED, frozen
 * USDT to the trader and the fee to the platform) or refund (CANCELLED, frozen USDT back to the
 * merchant). Pay-in: complete (COMPLETED, escrow settles to the merchant) or fail (FAILED, escrow
 * back to the trader). The claim check, the transition, its ledger transfer, timeline row and event,
 * and the audit row are one transaction on the locked order: of two rulings at once exactly one wins.
 */
export async function ruleDispute(db: Db, rawInput: RuleDisputeInput, operator: OperatorActor, now = new Date()) {
  const input = parseInput(ruleDisputeInput, rawInput);
  const text = input.note.trim();
  const table = orderTableOf(input.flow);
  const actor = { type: 'operator' as const, id: operator.id };

  return retryTransaction(db, async (tx) => {
    const [order] = await tx.select({ status: table.status, claimedBy: table.claimedBy }).from(table).where(eq(table.id, input.orderId)).for('update');
    // Only a disputed order has a claim to check; any other state is refused by the machine below.
    if (order && order.status === 'DISPUTED' && order.claimedBy !== operator.id) throw await claimRefusal(tx, input, operator.id);

    const common = { orderId: input.orderId, actor, now, context: { note: text }, note: text };
    const outcome =
      input.flow === 'payout'
        ? await applyPayoutTransition(tx, {
            ...common,
            action: actionOf[input.ruling],
            set: () => (input.ruling === 'release' ? { resolutionNote: text, completedAt: now } : { resolutionNote: text, cancelledAt: now }),
            // payout.dispute_resolved tells the merchant what the ruling did (docs/webhooks.md).
            eventData: (row) => ({ ...payoutDetailView(row), resolution: payoutResolutionOf(row, input.ruling, text) }),
          })
        : await applyPayinTransition(tx, {
            ...common,
            action: actionOf[input.ruling],
            set: () => (input.ruling === 'complete' ? { resolutionNote: text, completedAt: now } : { resolutionNote: text }),
            eventData: payinDetailView,
          });

    const audit = auditActorOf(operator);
    await recordAudit(tx, {
      actorType: audit.type,
      actorId: audit.id,
      ip: audit.ip,
      action: `dispute.resolve_${input.ruling}`,
      targetType: input.flow,
      targetId: input.orderId,
      details: { orderNo: outcome.order.orderNo, from: outcome.from, to: outcome.to, note: text, event: outcome.event?.type ?? null },
    });
    return { flow: input.flow, orderId: input.orderId, orderNo: outcome.order.orderNo, status: outcome.to, eventId: outcome.event?.id ?? null };
  });
}
