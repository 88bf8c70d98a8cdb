import type { Lang } from '../../../pay/[token]/language';

/** The strings of the automatic confirmation page; English defines the shape and Chinese is typed by it. */
const en = {
  title: 'Automatic confirmation',
  lead: 'Bank notifications of the last 30 days per trader and bank template: how many credits released a pay-in on their own, how many suggestions traders took, the credits that matched nothing, and the pay-ins disputed after a release (docs/operator-guide.md).',
  none: 'No trader has sent a bank notification yet.',
  caption: 'Per trader and bank',
  trader: 'Trader',
  bank: 'Bank',
  credits: 'Credits',
  autoReleased: 'Auto-released',
  rate: 'Auto-release rate',
  taken: 'Suggestions taken',
  rejected: 'Suggestions rejected',
  unmatched: 'Unmatched credits',
  unread: 'Unread',
  disputed: 'Disputed after release',
};

const zh: typeof en = {
  title: '自动确认',
  lead: '最近 30 天按承兑商和银行模板统计的银行通知：多少笔入账自动放行了代收、承兑商采纳了多少建议、多少入账未匹配任何订单，以及放行后被提出争议的代收（见 docs/operator-guide.md）。',
  none: '还没有承兑商发送过银行通知。',
  caption: '按承兑商和银行',
  trader: '承兑商',
  bank: '银行',
  credits: '入账',
  autoReleased: '自动放行',
  rate: '自动放行率',
  taken: '采纳的建议',
  rejected: '拒绝的建议',
  unmatched: '未匹配的入账',
  unread: '未解析',
  disputed: '放行后争议',
};

export const notificationsMessages: Record<Lang, typeof en> = { en, zh };
