import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { disputeAgreements, disputeMessages, disputeRulingProposals, payinOrders, payoutOrders } from '../../db/schema';
import { recordAudit } from '../audit';
import { DomainError } from '../errors';
import { fmt6 } from '../money/format';
import type { DisputeFlow } from '../orders/order-ref';
import { frozenAmountOf } from '../payouts/payout-ledger';
import { parseSplitAmount } from '../rulings/split-ruling';
import { parseInput } from '../validation/parse-input';
import { applyRuling, type CheckedRuling } from './apply-ruling';
import { conversationOrder, requireDisputed, type ConversationActor, type ConversationOrder, type ConversationRef } from './conversation-party';
import { answerSettlementInput, proposeSettlementInput, type AnswerSettlementInput, type ProposeSettlementInput, type SettlementOutcome } from './conversation.schema';
import { fourEyesThreshold, needsFourEyes } from './four-eyes-threshold';
import { markConversationRead } from './mark-conversation-read';
import { maySettle, otherSide, rulingOf } from './settlement-parties';

const auditActorOf = { merchant: 'merchant', trader: 'trader', operator: 'operator', buyer: 'system' } as const;

/** What a settlement is checked against on the locked order: the whole a split divides and the four-eyes total. */
async function amountsOf(tx: Tx, flow: DisputeFlow, orderId: string): Promise<{ splitBase: string; total: string }> {
  if (flow === 'payout') {
    const [row] = await tx.select().from(payoutOrders).where(eq(payoutOrders.id, orderId));
    return { splitBase: row!.usdAmount, total: frozenAmountOf(row!) };
  }
  const [row] = await tx.select().from(payinOrders).where(eq(payinOrders.id, orderId));
  return { splitBase: row!.assetAmount, total: row!.assetAmount };
}

async function refuseIfRulingPending(tx: Tx, order: ConversationOrder) {
  const [pending] = await tx
    .select({ id: disputeRulingProposals.id })
    .from(disputeRulingProposals)
    .where(and(eq(disputeRulingProposals.flow, order.flow), eq(disputeRulingProposals.orderId, order.orderId), eq(disputeRulingProposals.status, 'pending')));
  if (pending) throw new DomainError('RULING_PROPOSAL_PENDING', 'A proposed ruling on this case is waiting for a second operator.', { meta: { proposalId: pending.id } });
}

/** The notice in the conversation that a settlement was proposed or answered: part of the case's timeline like any message. */
async function notice(tx: Tx, order: ConversationOrder, agreementId: string, now: Date) {
  await tx.insert(disputeMessages).values({ flow: order.flow, orderId: order.orderId, party: order.party, authorId: order.authorId, body: null, agreementId, createdAt: now });
  await markConversationRead(tx, order, now);
}

function describe(flow: DisputeFlow, outcome: SettlementOutcome, splitAmount: string | null): string {
  if (outcome !== 'split') return `${outcome} (${rulingOf(flow, outcome)})`;
  return `a split with ${fmt6(splitAmount!)} USDT to the ${flow === 'payout' ? 'trader' : 'merchant'}`;
}

type ProposeSettlementOptions = ProposeSettlementInput & {
  actor: ConversationActor;
  ref: ConversationRef | null;
  options?: { ip?: string | null; now?: Date };
};

/**
 * One side proposes how to settle its dispute (docs/operator-guide.md, "Settlements between the
 * parties"): release, cancel, or split with an exact amount, checked as a split ruling's. Only the two
 * sides whose money moves may propose (settlement-parties.ts). A side's new proposal replaces its own
 * open one; while the other side's is open, SETTLEMENT_OPEN.
 */
export async function proposeSettlement(db: Db, { actor, ref, options = {}, ...rawInput }: ProposeSettlementOptions) {
  const input = parseInput(proposeSettlementInput, rawInput);
  const now = options.now ?? new Date();
  return retryTransaction(db, async (tx) => {
    const order = await conversationOrder(tx, { actor, ref, lock: true, now });
    requireDisputed(order);
    if (!maySettle(order.flow, order.party)) throw new DomainError('ACTION_NOT_ALLOWED', `The ${order.party} may not propose a settlement of this dispute.`);
    let splitAmount: string | null = null;
    if (input.outcome === 'split') splitAmount = parseSplitAmount(order.flow, input.splitAmount, (await amountsOf(tx, order.flow, order.orderId)).splitBase);
    else if (input.splitAmount != null && input.splitAmount !== '') {
      throw new DomainError('SPLIT_AMOUNT_INVALID', 'Only a split takes an amount.', { details: [{ path: 'splitAmount', message: 'only a split takes an amount' }] });
    }
    await refuseIfRulingPending(tx, order);

    const [open] = await tx
      .select()
      .from(disputeAgreements)
      .where(and(eq(disputeAgreements.flow, order.flow), eq(disputeAgreements.orderId, order.orderId), eq(disputeAgreements.status, 'open')))
      .for('update');
    if (open && open.proposedByParty !== order.party) {
      throw new DomainError('SETTLEMENT_OPEN', 'The other side has proposed a settlement: accept or decline it first.', { meta: { agreementId: open.id } });
    }
    if (open) await tx.update(disputeAgreements).set({ status: 'withdrawn', decidedByParty: order.party, decidedAt: now }).where(eq(disputeAgreements.id, open.id));

    const [made] = await tx
      .insert(disputeAgreements)
      .values({ flow: order.flow, orderId: order.orderId, outcome: input.outcome, splitAmount, proposedByParty: order.party, proposedById: order.authorId, createdAt: now })
      .returning({ id: disputeAgreements.id });
    await notice(tx, order, made!.id, now);
    await recordAudit(tx, {
      actorType: auditActorOf[order.party],
      actorId: order.authorId,
      ip: options.ip ?? null,
      action: 'dispute.settlement_proposed',
      targetType: order.flow,
      targetId: order.orderId,
      details: { orderNo: order.orderNo, party: order.party, agreementId: made!.id, outcome: input.outcome, splitAmount, ...(open ? { replaces: open.id } : {}) },
    });
    return { agreementId: made!.id, status: 'open' as const };
  });
}

type AnswerSettlementOptions = AnswerSettlementInput & {
  actor: ConversationActor;
  ref: ConversationRef | null;
  options?: { ip?: string | null; now?: Date };
};

/**
 * The other side accepts or declines a proposed settlement, or its proposer withdraws it. Accepted,
 * it is applied as a ruling with reason parties_agreed through the ruling path (state machine,
 * ledger, outbox) in the same transaction, or, when the order's total is above the four-eyes
 * threshold, becomes a proposal two operators decide (docs/operator-guide.md, "Four eyes"). The
 * order row is locked first, as every ruling locks it: of an acceptance and an operator's ruling at
 * once exactly one applies, the other finds the order no longer DISPUTED.
 */
export async function answerSettlement(db: Db, { actor, ref, options = {}, ...rawInput }: AnswerSettlementOptions) {
  const input = parseInput(answerSettlementInput, rawInput);
  const now = options.now ?? new Date();
  return retryTransaction(db, async (tx) => {
    const order = await conversationOrder(tx, { actor, ref, lock: true, now });
    requireDisputed(order);
    const [agreement] = await tx
      .select()
      .from(disputeAgreements)
      .where(and(eq(disputeAgreements.id, input.agreementId), eq(disputeAgreements.flow, order.flow), eq(disputeAgreements.orderId, order.orderId)))
      .for('update');
    if (!agreement) throw new DomainError('NOT_FOUND', 'No such settlement proposal.');
    if (agreement.status !== 'open') {
      throw new DomainError('PROPOSAL_NOT_PENDING', `This settlement was already ${agreement.status}.`, { meta: { status: agreement.status } });
    }
    const mayAnswer = input.answer === 'withdraw' ? agreement.proposedByParty === order.party : maySettle(order.flow, order.party) && order.party === otherSide(order.flow, agreement.proposedByParty);
    if (!mayAnswer) {
      throw new DomainError('ACTION_NOT_ALLOWED', input.answer === 'withdraw' ? 'Only the side that proposed a settlement may withdraw it.' : 'Only the other side may accept or decline this settlement.');
    }
    if (input.answer === 'accept') await refuseIfRulingPending(tx, order);

    const status = input.answer === 'accept' ? 'accepted' : input.answer === 'decline' ? 'declined' : 'withdrawn';
    await tx.update(disputeAgreements).set({ status, decidedByParty: order.party, decidedAt: now }).where(eq(disputeAgreements.id, agreement.id));
    await notice(tx, order, agreement.id, now);
    await recordAudit(tx, {
      actorType: auditActorOf[order.party],
      actorId: order.authorId,
      ip: options.ip ?? null,
      action: `dispute.settlement_${status}`,
      targetType: order.flow,
      targetId: order.orderId,
      details: { orderNo: order.orderNo, party: order.party, agreementId: agreement.id, outcome: agreement.outcome, splitAmount: agreement.splitAmount },
    });
    if (input.answer !== 'accept') return { agreementId: agreement.id, status, outcome: null, orderStatus: order.status };

    const ruling = {
      flow: order.flow,
      orderId: order.orderId,
      ruling: rulingOf(order.flow, agreement.outcome),
      reasonCode: 'parties_agreed',
      splitAmount: agreement.splitAmount,
      note: `Settled by the parties: the ${agreement.proposedByParty} proposed ${describe(order.flow, agreement.outcome, agreement.splitAmount)} and the ${order.party} accepted.`,
    } as CheckedRuling;
    const { total } = await amountsOf(tx, order.flow, order.orderId);
    const threshold = (await fourEyesThreshold(tx)).amount;
    if (needsFourEyes(total, threshold)) {
      const [proposal] = await tx
        .insert(disputeRulingProposals)
        .values({ flow: ruling.flow, orderId: ruling.orderId, ruling: ruling.ruling, reasonCode: ruling.reasonCode, splitAmount: ruling.splitAmount, note: ruling.note, fourEyesThreshold: threshold, proposedBy: null, agreementId: agreement.id, createdAt: now })
        .returning({ id: disputeRulingProposals.id });
      await tx.update(disputeAgreements).set({ rulingProposalId: proposal!.id }).where(eq(disputeAgreements.id, agreement.id));
      await recordAudit(tx, {
        actorType: 'system',
        action: 'dispute.propose_ruling',
        targetType: ruling.flow,
        targetId: ruling.orderId,
        details: { orderNo: order.orderNo, proposalId: proposal!.id, agreementId: agreement.id, ruling: ruling.ruling, reasonCode: ruling.reasonCode, splitAmount: ruling.splitAmount, total, fourEyesThreshold: threshold },
      });
      return { agreementId: agreement.id, status, outcome: 'proposed' as const, orderStatus: order.status, proposalId: proposal!.id };
    }
    const ruled = await applyRuling(tx, { ruling, operator: { agreementId: agreement.id }, now });
    return { agreementId: agreement.id, status, outcome: 'ruled' as const, orderStatus: ruled.status };
  });
}
