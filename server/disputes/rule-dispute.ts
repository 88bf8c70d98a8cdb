import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { disputeRulingProposals, payinOrders, payoutOrders } from '../../db/schema';
import { recordAudit } from '../audit';
import { DomainError } from '../errors';
import { frozenAmountOf } from '../payouts/payout-ledger';
import { requireNote } from '../orders/guards';
import { parseInput } from '../validation/parse-input';
import { applyRuling, type CheckedRuling } from './apply-ruling';
import { claimRefusal } from './claim-dispute';
import { fourEyesThreshold, needsFourEyes } from './four-eyes-threshold';
import { auditActorOf, type OperatorActor } from '../audit/operator-actor';
import { rulingReasonCode } from '../rulings/ruling-reasons';
import { parseSplitAmount } from '../rulings/split-ruling';

// The note's 1 to 1000 characters are the state machine's guard (requireNote), checked on the
// locked row like every other rule of a transition; here only an upper bound for the wire.
const note = z.string().max(2000);
// A split's amount is checked against the locked order (SPLIT_AMOUNT_INVALID), not here, so a
// malformed amount and one out of range answer with the same code.
const splitAmount = z.string().max(40).nullish();

export const ruleDisputeInput = z.discriminatedUnion('flow', [
  z.object({ flow: z.literal('payout'), orderId: z.uuid(), ruling: z.enum(['release', 'refund', 'split']), reasonCode: rulingReasonCode, splitAmount, note }).strict(),
  z.object({ flow: z.literal('payin'), orderId: z.uuid(), ruling: z.enum(['complete', 'fail', 'split']), reasonCode: rulingReasonCode, splitAmount, note }).strict(),
]);
export type RuleDisputeInput = z.input<typeof ruleDisputeInput>;

/** `ruled`: the ruling applied (status is the new one); `proposed`: it waits for a second operator (still DISPUTED). */
export interface RuleDisputeResult {
  outcome: 'ruled' | 'proposed';
  flow: 'payout' | 'payin';
  orderId: string;
  orderNo: string;
  status: string;
  eventId: string | null;
  proposalId: string | null;
}

type OrderFacts = { status: string; claimedBy: string | null; orderNo: string; total: string; splitBase: string };

/** Locks the order and reads what a ruling is checked against: the whole it divides and the four-eyes total. */
async function lockOrder(tx: Tx, flow: 'payout' | 'payin', orderId: string): Promise<OrderFacts | undefined> {
  if (flow === 'payout') {
    const [row] = await tx.select().from(payoutOrders).where(eq(payoutOrders.id, orderId)).for('update');
    return row && { status: row.status, claimedBy: row.claimedBy, orderNo: row.orderNo, total: frozenAmountOf(row), splitBase: row.usdAmount };
  }
  const [row] = await tx.select().from(payinOrders).where(eq(payinOrders.id, orderId)).for('update');
  return row && { status: row.status, claimedBy: row.claimedBy, orderNo: row.orderNo, total: row.assetAmount, splitBase: row.assetAmount };
}

/**
 * Checks a ruling against the locked order: a split needs an amount strictly inside what it divides
 * (payout: the usdAmount the trader would be paid; pay-in: the escrowed assetAmount), the others
 * none. Returns the ruling with its amount at ledger precision.
 */
function checkRuling(input: z.output<typeof ruleDisputeInput>, order: Pick<OrderFacts, 'splitBase'>): CheckedRuling {
  const text = input.note.trim();
  let amount: string | null = null;
  if (input.ruling === 'split') amount = parseSplitAmount(input.flow, input.splitAmount, order.splitBase);
  else if (input.splitAmount != null && input.splitAmount !== '') {
    throw new DomainError('SPLIT_AMOUNT_INVALID', 'Only a split ruling takes an amount.', { details: [{ path: 'splitAmount', message: 'only a split takes an amount' }] });
  }
  return { ...input, note: text, splitAmount: amount } as CheckedRuling;
}

interface RuleDisputeOptions {
  input: RuleDisputeInput;
  operator: OperatorActor;
  now?: Date;
}

/**
 * The claim holder rules on a dispute with a reason code and a mandatory note (docs/operator-guide.md,
 * "Rulings"). Payout: release (COMPLETED), refund (CANCELLED) or split (COMPLETED, part to the trader,
 * the rest back to the merchant). Pay-in: complete (COMPLETED), fail (FAILED) or split (COMPLETED,
 * part of the escrow to the merchant, the rest back to the trader). When the order's USDT total is
 * above the four-eyes threshold, the ruling is stored as a proposal for a second operator instead
 * (decide-ruling-proposal.ts). Everything runs on the locked order: of two rulings at once exactly one
 * wins, and a refused one changes nothing.
 */
export async function ruleDispute(db: Db, { input: rawInput, operator, now = new Date() }: RuleDisputeOptions): Promise<RuleDisputeResult> {
  const input = parseInput(ruleDisputeInput, rawInput);

  return retryTransaction(db, async (tx) => {
    const order = await lockOrder(tx, input.flow, input.orderId);
    if (!order) throw new DomainError('ORDER_NOT_FOUND', 'Order not found.');
    // A late ruling hears "the order moved on" before anything about its input (as the machine would say).
    if (order.status !== 'DISPUTED') {
      throw new DomainError('INVALID_ORDER_STATE', `The order is ${order.status}; to rule on it it must be DISPUTED.`, { meta: { status: order.status } });
    }
    if (order.claimedBy !== operator.id) throw await claimRefusal(tx, input, operator.id);

    const ruling = checkRuling(input, order);
    await refuseIfProposalPending(tx, ruling);

    const threshold = (await fourEyesThreshold(tx)).amount;
    if (needsFourEyes(order.total, threshold)) {
      // The machine's note rule, checked here because no transition runs until the approval.
      const refusal = requireNote({ now, note: ruling.note });
      if (refusal) throw refusal;
      const [proposal] = await tx
        .insert(disputeRulingProposals)
        .values({
          flow: ruling.flow,
          orderId: ruling.orderId,
          ruling: ruling.ruling,
          reasonCode: ruling.reasonCode,
          splitAmount: ruling.splitAmount,
          note: ruling.note,
          // Kept with the proposal: changing the threshold later never applies to it.
          fourEyesThreshold: threshold,
          proposedBy: operator.id,
          createdAt: now,
        })
        .returning({ id: disputeRulingProposals.id });
      const audit = auditActorOf(operator);
      await recordAudit(tx, {
        actorType: audit.type,
        actorId: audit.id,
        ip: audit.ip,
        action: 'dispute.propose_ruling',
        targetType: ruling.flow,
        targetId: ruling.orderId,
        details: { orderNo: order.orderNo, proposalId: proposal!.id, ruling: ruling.ruling, reasonCode: ruling.reasonCode, splitAmount: ruling.splitAmount, total: order.total, fourEyesThreshold: threshold },
      });
      return { outcome: 'proposed', flow: ruling.flow, orderId: ruling.orderId, orderNo: order.orderNo, status: order.status, eventId: null, proposalId: proposal!.id };
    }

    const ruled = await applyRuling(tx, { ruling, operator, now });
    return { outcome: 'ruled', ...ruled, proposalId: null };
  });
}

/** While a proposal waits for its second operator, nobody rules around it: it is approved, rejected or withdrawn first. */
async function refuseIfProposalPending(tx: Tx, ruling: { flow: 'payout' | 'payin'; orderId: string }) {
  const [pending] = await tx
    .select({ id: disputeRulingProposals.id })
    .from(disputeRulingProposals)
    .where(and(eq(disputeRulingProposals.flow, ruling.flow), eq(disputeRulingProposals.orderId, ruling.orderId), eq(disputeRulingProposals.status, 'pending')));
  if (pending) throw new DomainError('RULING_PROPOSAL_PENDING', 'A proposed ruling on this case is waiting for a second operator.', { meta: { proposalId: pending.id } });
}
