import type { Tx } from '../../db/client';
import { recordAudit } from '../audit';
import { payinDetailView } from '../payins/payin-view';
import { payoutDetailView } from '../payouts/payout-view';
import { applyPayoutTransition } from '../payouts/apply-payout-transition';
import { applyPayinTransition } from '../payins/apply-payin-transition';
import { auditActorOf, type OperatorActor } from '../audit/operator-actor';
import { payinSplitResolutionOf } from '../payins/payin-ruling';
import { payoutResolutionOf } from '../payouts/payout-ruling';
import type { RulingReasonCode } from '../rulings/ruling-reasons';
import { takeBondPenalty } from '../bond/bond-penalty';

/** A ruling whose input is already checked: the note trimmed, a split's amount at ledger precision. */
export type CheckedRuling =
  | { flow: 'payout'; orderId: string; ruling: 'release' | 'refund' | 'split'; reasonCode: RulingReasonCode; splitAmount: string | null; note: string }
  | { flow: 'payin'; orderId: string; ruling: 'complete' | 'fail' | 'split'; reasonCode: RulingReasonCode; splitAmount: string | null; note: string };

/** The scheduler applying an automatic ruling (server/disputes/apply-auto-rulings.ts). */
interface AutomaticRuler {
  rule: string;
  autoRulingId: string;
}

/** The system applying a settlement both parties accepted (server/disputes/answer-settlement.ts). */
interface AgreedRuler {
  agreementId: string;
}

const payoutActionOf = { release: 'resolve_release', refund: 'resolve_refund', split: 'resolve_split' } as const;
const payinActionOf = { complete: 'resolve_complete', fail: 'resolve_fail', split: 'resolve_split' } as const;

interface ApplyRulingOptions {
  ruling: CheckedRuling;
  operator: OperatorActor | AutomaticRuler | AgreedRuler;
  now: Date;
  extraAudit?: Record<string, unknown>;
}

/**
 * Applies a ruling inside the caller's transaction (which holds the order's lock): the transition,
 * its ledger transfer (one transfer, both legs of a split included), the timeline row, the event
 * and the audit row. Used by the claim holder's direct ruling and by a four-eyes approval, so both
 * move money the same way. `extraAudit` adds facts such as who proposed an approved ruling.
 */
export async function applyRuling(tx: Tx, { ruling, operator, now, extraAudit = {} }: ApplyRulingOptions) {
  // An automatic ruling is the system's transition (docs/state-machines.md allows it on the rulings a rule may make).
  // So is the parties' accepted settlement: no operator decided it.
  const automatic = 'rule' in operator;
  const agreed = 'agreementId' in operator;
  const actor = automatic || agreed ? { type: 'system' as const } : { type: 'operator' as const, id: operator.id };
  const common = { orderId: ruling.orderId, actor, now, context: { note: ruling.note }, note: ruling.note };
  const outcome =
    ruling.flow === 'payout'
      ? await applyPayoutTransition(tx, {
          ...common,
          action: payoutActionOf[ruling.ruling],
          set: () => ({
            resolutionNote: ruling.note,
            resolutionCode: ruling.reasonCode,
            resolutionTraderAmount: ruling.splitAmount,
            ...(ruling.ruling === 'refund' ? { cancelledAt: now } : { completedAt: now }),
          }),
          // payout.dispute_resolved tells the merchant what the ruling did (docs/webhooks.md).
          eventData: (row) => ({ ...payoutDetailView(row), resolution: payoutResolutionOf(row, ruling.ruling, ruling.reasonCode, ruling.note) }),
        })
      : await applyPayinTransition(tx, {
          ...common,
          action: payinActionOf[ruling.ruling],
          set: () => ({
            resolutionNote: ruling.note,
            resolutionCode: ruling.reasonCode,
            resolutionMerchantAmount: ruling.splitAmount,
            ...(ruling.ruling === 'fail' ? {} : { completedAt: now }),
          }),
          // A split sends order.dispute_resolved with the split; complete and fail keep their events.
          eventData: (row) => (ruling.ruling === 'split' ? { ...payinDetailView(row), resolution: payinSplitResolutionOf(row, ruling.reasonCode, ruling.note) } : payinDetailView(row)),
        });

  const audit = automatic || agreed ? { type: 'system' as const, id: null, ip: null } : auditActorOf(operator);
  // A ruling against the trader may cost part of its bond (docs/operator-guide.md, "Bond penalties"), in this transaction.
  const penalty = await takeBondPenalty(
    tx,
    {
      flow: ruling.flow,
      ruling: ruling.ruling,
      reasonCode: ruling.reasonCode,
      orderId: ruling.orderId,
      traderId: outcome.order.traderId,
      merchantId: outcome.order.merchantId,
      orderAmount: 'assetAmount' in outcome.order ? outcome.order.assetAmount : outcome.order.usdAmount,
    },
    audit,
  );
  await recordAudit(tx, {
    actorType: audit.type,
    actorId: audit.id,
    ip: audit.ip,
    action: `dispute.resolve_${ruling.ruling}`,
    targetType: ruling.flow,
    targetId: ruling.orderId,
    details: {
      orderNo: outcome.order.orderNo,
      from: outcome.from,
      to: outcome.to,
      reasonCode: ruling.reasonCode,
      splitAmount: ruling.splitAmount,
      note: ruling.note,
      event: outcome.event?.type ?? null,
      ...(penalty ? { bondPenalty: penalty } : {}),
      ...(automatic ? { rule: operator.rule, autoRulingId: operator.autoRulingId } : {}),
      ...(agreed ? { agreementId: operator.agreementId } : {}),
      ...extraAudit,
    },
  });
  return { flow: ruling.flow, orderId: ruling.orderId, orderNo: outcome.order.orderNo, status: outcome.to as string, eventId: outcome.event?.id ?? null };
}
