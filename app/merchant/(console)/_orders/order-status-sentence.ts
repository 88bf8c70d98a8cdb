import { formatTime } from '../../../_components/console/format';
import type { OrdersMessages } from '../../_components/orders-messages';

export interface StatusSentence {
  /** Where the order stands, in words. */
  now: string;
  /** What the merchant does next (often nothing), with the deadline when there is one. */
  next: string;
}

type Times = { paymentDueAt?: string | null; firstProofSubmittedAt?: string | null; merchantActionDueAt?: string | null };

/**
 * The order's status as a person reads it (docs/merchant-guide.md, "The order page"): a payout
 * waiting for the merchant names when the proof came and the decision's deadline, so that the
 * status code is never the only thing the page says. An unknown status falls back to its code.
 */
export function statusSentence(flow: 'payout' | 'payin', order: { status: string } & Times, t: OrdersMessages['order']): StatusSentence {
  const [nowTable, nextTable] = flow === 'payout' ? [t.payoutNow, t.payoutNext] : [t.payinNow, t.payinNext];
  const nowTime = order.status === 'PAYMENT_SUBMITTED' ? order.firstProofSubmittedAt : order.paymentDueAt;
  const nextTime = order.status === 'PAYMENT_SUBMITTED' ? order.merchantActionDueAt : null;
  const now = nowTable[order.status];
  const next = nextTable[order.status];
  return {
    now: now ? now(formatTime(nowTime ?? null)) : order.status,
    next: next ? next(formatTime(nextTime ?? null)) : '',
  };
}
