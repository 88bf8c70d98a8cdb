import type { Lang } from '../../../pay/[token]/language';

/** The strings of the overdue and unmatched payouts page; English defines the shape and Chinese is typed by it. */
const en = {
  title: 'Overdue & unmatched payouts',
  lead: 'Payouts past their trader’s payment window (overdue), and payouts no trader has accepted.',
  unmatchedAfter: 'Unmatched after (minutes; empty = past the merchant’s match window)',
  empty: 'No overdue or unmatched payouts.',
  tableLabel: 'Overdue and unmatched payouts',
  order: 'Order',
  state: 'State',
  amount: 'Amount',
  parties: 'Merchant / trader',
  age: 'Age',
  noteAndAction: 'Note and action',
  overdue: 'Overdue',
  unmatched: 'Unmatched',
  due: (when: string) => `due ${when}`,
  matchDue: (when: string) => `match due ${when}`,
  // Why this trader had it (docs/routing.md, "Payout dispatch"); back in the pool, it goes to the others first.
  dispatch: (d: { rank: number; eligible: number; ring: number | null; score: number | null }) =>
    `dispatch: rank ${d.rank} of ${d.eligible}, ${d.ring === null ? 'open to all' : `ring ${d.ring}`}${d.score === null ? '' : `, score ${d.score.toFixed(1)}`}`,
  noteFor: (orderNo: string) => `Note for ${orderNo}`,
  notePlaceholder: 'Note (required)',
  noteMissing: 'Write a note first: it goes to the audit log with the action.',
  backToPool: 'Back to pool',
  cancelTitle: (orderNo: string) => `Cancel payout ${orderNo}?`,
  cancelConsequence: (merchant: string) =>
    `The payout is cancelled and the USDT frozen for it is released to ${merchant}'s available balance; the merchant is told it was cancelled. This cannot be undone.`,
  cancel: 'Cancel and unfreeze',
  reassigned: (orderNo: string) => `${orderNo} is back in the pool.`,
  cancelled: (orderNo: string) => `${orderNo} cancelled; the merchant’s USDT is unfrozen.`,
  pagerLabel: 'Payouts',
};

const zh: typeof en = {
  title: '超时与未匹配的代付',
  lead: '超过承兑商付款时限的代付（超时），以及没有承兑商接单的代付。',
  unmatchedAfter: '未匹配超过（分钟；留空 = 超过商户的匹配时限）',
  empty: '没有超时或未匹配的代付。',
  tableLabel: '超时与未匹配的代付',
  order: '订单',
  state: '状态',
  amount: '金额',
  parties: '商户 / 承兑商',
  age: '时长',
  noteAndAction: '备注与操作',
  overdue: '已超时',
  unmatched: '未匹配',
  due: (when) => `截止 ${when}`,
  matchDue: (when) => `匹配截止 ${when}`,
  dispatch: (d) => `派单：第 ${d.rank} 名（共 ${d.eligible} 名），${d.ring === null ? '对所有人开放时接单' : `第 ${d.ring} 圈`}${d.score === null ? '' : `，评分 ${d.score.toFixed(1)}`}`,
  noteFor: (orderNo) => `${orderNo} 的备注`,
  notePlaceholder: '备注（必填）',
  noteMissing: '请先填写备注：它会与操作一起记入审计日志。',
  backToPool: '退回订单池',
  cancelTitle: (orderNo) => `取消代付 ${orderNo}？`,
  cancelConsequence: (merchant) => `代付将被取消，为其冻结的 USDT 将退回 ${merchant} 的可用余额，并通知商户已取消。此操作无法撤销。`,
  cancel: '取消并解冻',
  reassigned: (orderNo) => `${orderNo} 已退回订单池。`,
  cancelled: (orderNo) => `${orderNo} 已取消，商户的 USDT 已解冻。`,
  pagerLabel: '代付',
};

export const stuckMessages: Record<Lang, typeof en> = { en, zh };
