import type { Lang } from '../../../pay/[token]/language';

/**
 * The strings of the operator's risk page (docs/risk.md): its title and the review queue; the rules
 * table and form are shared with the merchant console (app/_components/risk-rules/). English
 * defines the shape and Chinese is typed by it.
 */
const en = {
  title: 'Risk rules',
  lead: 'Rules checked on every pay-in and payout create. A new rule starts off: back-test it on history, then switch it on.',
  rulesEmpty: 'No risk rules yet. Every create is allowed.',
  reviewHeading: 'Review queue',
  reviewLead: 'Orders a review rule held: not matched and not offered to traders until you decide. Approve lets the order go on; reject cancels it (a payout’s USDT goes back to the merchant).',
  reviewLabel: 'Held orders',
  reviewEmpty: 'No held orders.',
  order: 'Order',
  merchant: 'Merchant',
  amount: 'Amount',
  rule: 'Rule',
  heldAt: 'Held',
  decision: 'Reason and decision',
  reasonFor: (orderNo: string) => `Reason for ${orderNo}`,
  reasonPlaceholder: 'Reason (required)',
  reasonMissing: 'Write a reason first: it is kept with the decision and in the audit log.',
  approve: 'Approve',
  reject: 'Reject and cancel',
  approveTitle: (orderNo: string) => `Approve ${orderNo}?`,
  approveConsequence: 'The order is released from the hold: a payout goes to the traders’ pool, a pay-in to a trader.',
  rejectTitle: (orderNo: string) => `Reject and cancel ${orderNo}?`,
  rejectConsequence: (merchant: string) => `The order is cancelled and ${merchant} is told so; a payout’s frozen USDT returns to the merchant. This cannot be undone.`,
  decided: (orderNo: string, state: string) => `${orderNo}: ${state}.`,
  approved: 'approved',
  rejected: 'rejected and cancelled',
  pagerLabel: 'Held orders',
};

const zh: typeof en = {
  title: '风控规则',
  lead: '每笔代收和代付创建时都会检查的规则。新规则默认关闭：先用历史数据回测，再开启。',
  rulesEmpty: '还没有风控规则，所有创建都会放行。',
  reviewHeading: '审核队列',
  reviewLead: '被审核规则暂扣的订单：在您决定之前不会匹配，也不会推送给承兑商。批准后订单继续；拒绝则取消订单（代付的 USDT 退回商户）。',
  reviewLabel: '暂扣的订单',
  reviewEmpty: '没有暂扣的订单。',
  order: '订单',
  merchant: '商户',
  amount: '金额',
  rule: '规则',
  heldAt: '暂扣时间',
  decision: '理由与决定',
  reasonFor: (orderNo) => `${orderNo} 的理由`,
  reasonPlaceholder: '理由（必填）',
  reasonMissing: '请先填写理由：它会与决定一起保存并记入审计日志。',
  approve: '批准',
  reject: '拒绝并取消',
  approveTitle: (orderNo) => `批准 ${orderNo}？`,
  approveConsequence: '订单将解除暂扣：代付进入承兑商订单池，代收匹配承兑商。',
  rejectTitle: (orderNo) => `拒绝并取消 ${orderNo}？`,
  rejectConsequence: (merchant) => `订单将被取消并通知 ${merchant}；代付冻结的 USDT 退回商户。此操作无法撤销。`,
  decided: (orderNo, state) => `${orderNo}：${state}。`,
  approved: '已批准',
  rejected: '已拒绝并取消',
  pagerLabel: '暂扣的订单',
};

export const riskMessages: Record<Lang, typeof en> = { en, zh };
