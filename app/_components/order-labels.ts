import type { PayinStatus, PayoutStatus } from '../../db/schema/order-statuses';
import type { Lang } from '../pay/[token]/language';

/**
 * The words for the orders' codes, one map per concept, for every page (docs/state-machines.md
 * names the statuses): a page shows `payoutStatus[status]`, never `status`. English defines the
 * shape and Chinese is typed by it, so a status worded in one language only fails the type check.
 */
const en = {
  payoutStatus: {
    PENDING_MATCH: 'Matching trader',
    PENDING_PAYMENT: 'Trader transferring',
    PAYMENT_OVERDUE: 'Payment overdue',
    PAYMENT_SUBMITTED: 'Proof submitted',
    COMPLETED: 'Completed',
    DISPUTED: 'Disputed',
    CANCELLED: 'Cancelled',
  } satisfies Record<PayoutStatus, string>,
  payinStatus: {
    PENDING_MATCH: 'Matching trader',
    PENDING_PAYMENT: 'Awaiting payment',
    PAYMENT_SUBMITTED: 'Paid',
    PENDING_RELEASE: 'Awaiting release',
    SETTLING: 'Settling',
    COMPLETED: 'Completed',
    CANCELLED: 'Cancelled',
    DISPUTED: 'Disputed',
    FAILED: 'Failed',
  } satisfies Record<PayinStatus, string>,
  flow: { payout: 'Payout', payin: 'Pay-in' },
  actor: { merchant: 'merchant', trader: 'trader', operator: 'operator', buyer: 'buyer', system: 'system', cli: 'command line' },
  disputeKind: {
    merchant_disputes_payout: 'Merchant disputes payout',
    merchant_silent: 'Merchant silent',
    trader_not_received: 'Trader: not received',
    buyer_reports_problem: 'Buyer reports problem',
  },
  disputeStage: { first_response: 'first response', ruling: 'ruling' },
  action: {
    accept: 'accepted',
    release_task: 'task released',
    mark_overdue: 'marked overdue',
    submit_proof: 'proof submitted',
    confirm: 'confirmed',
    dispute: 'disputed',
    merchant_action_timeout: 'merchant did not act in time',
    resolve_release: 'ruled: release',
    resolve_refund: 'ruled: refund',
    withdraw_dispute: 'dispute withdrawn',
    resolve_split: 'ruled: split',
    reassign: 'reassigned',
    cancel: 'cancelled',
    merchant_cancel: 'cancelled by the merchant',
    match: 'matched',
    submit_payment: 'buyer paid',
    buyer_cancel: 'cancelled by the buyer',
    expire: 'expired',
    confirm_receipt: 'receipt confirmed',
    begin_settlement: 'settlement began',
    settle: 'settled',
    settlement_failed: 'settlement failed',
    resolve_complete: 'ruled: complete',
    resolve_fail: 'ruled: fail',
    create: 'created',
  } as Record<string, string>,
};

type OrderLabels = typeof en;

const zh: OrderLabels = {
  payoutStatus: {
    PENDING_MATCH: '匹配承兑商中',
    PENDING_PAYMENT: '承兑商转账中',
    PAYMENT_OVERDUE: '付款超时',
    PAYMENT_SUBMITTED: '已提交凭证',
    COMPLETED: '已完成',
    DISPUTED: '争议中',
    CANCELLED: '已取消',
  },
  payinStatus: {
    PENDING_MATCH: '匹配承兑商中',
    PENDING_PAYMENT: '等待付款',
    PAYMENT_SUBMITTED: '已付款',
    PENDING_RELEASE: '等待放行',
    SETTLING: '结算中',
    COMPLETED: '已完成',
    CANCELLED: '已取消',
    DISPUTED: '争议中',
    FAILED: '失败',
  },
  flow: { payout: '代付', payin: '代收' },
  actor: { merchant: '商户', trader: '承兑商', operator: '运营人员', buyer: '买家', system: '系统', cli: '命令行' },
  disputeKind: {
    merchant_disputes_payout: '商户对代付提出争议',
    merchant_silent: '商户未响应',
    trader_not_received: '承兑商：未收到款项',
    buyer_reports_problem: '买家报告问题',
  },
  disputeStage: { first_response: '首次响应', ruling: '裁决' },
  action: {
    accept: '已接单',
    release_task: '已释放任务',
    mark_overdue: '标记为超时',
    submit_proof: '已提交凭证',
    confirm: '已确认',
    dispute: '提出争议',
    merchant_action_timeout: '商户未在时限内处理',
    resolve_release: '裁决：放行',
    resolve_refund: '裁决：退款',
    withdraw_dispute: '撤回争议',
    resolve_split: '裁决：按金额拆分',
    reassign: '已改派',
    cancel: '已取消',
    merchant_cancel: '商户取消',
    match: '已匹配',
    submit_payment: '买家已付款',
    buyer_cancel: '买家取消',
    expire: '已过期',
    confirm_receipt: '已确认收款',
    begin_settlement: '开始结算',
    settle: '已结算',
    settlement_failed: '结算失败',
    resolve_complete: '裁决：完成',
    resolve_fail: '裁决：失败',
    create: '已创建',
  },
};

export const orderLabels: Record<Lang, OrderLabels> = { en, zh };

/** An order's status in words for its flow; a status no map knows is shown as it came. */
export function statusLabel(lang: Lang, flow: 'payout' | 'payin', status: string): string {
  const map: Record<string, string> = flow === 'payout' ? orderLabels[lang].payoutStatus : orderLabels[lang].payinStatus;
  return map[status] ?? status;
}

/** A code from a map of words, or the code itself when the map lacks it (a new code before its words). */
export function labelOf(map: Record<string, string>, code: string): string {
  return map[code] ?? code;
}
