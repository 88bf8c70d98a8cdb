import type { Lang } from '../../../pay/[token]/language';

/** The strings of the search results page; English defines the shape and Chinese is typed by it. */
const en = {
  title: 'Search',
  typeSomething: 'Type something to search for.',
  notValid: 'This cannot be searched for: use 1 to 100 characters and no control characters.',
  nothing: 'Nothing matches',
  results: (count: number) => `${count} ${count === 1 ? 'result' : 'results'} for`,
  tableLabel: 'Search results',
  found: 'Found',
  kind: 'Kind',
  details: 'Details',
  merchantNo: 'merchant no.',
  matchedBy: 'matched by',
  matched: { orderNo: 'order number', orderId: 'order id', merchantOrderNo: 'merchant order number', last4Amount: 'card last 4 + amount' },
  merchant: 'Merchant',
  trader: 'Trader',
  openDisputes: (kind: 'merchant' | 'trader') => `Open disputes of this ${kind}`,
  tryBefore:
    'Try a full order number (WD… or ORD…), an order id, the merchant’s order number, a merchant or trader name, or the card’s last 4 digits and the CNY amount',
};

const zh: typeof en = {
  title: '搜索',
  typeSomething: '请输入要搜索的内容。',
  notValid: '无法搜索此内容：请输入 1 到 100 个字符，且不含控制字符。',
  nothing: '没有匹配',
  results: (count) => `共 ${count} 个结果，搜索`,
  tableLabel: '搜索结果',
  found: '结果',
  kind: '类型',
  details: '详情',
  merchantNo: '商户订单号',
  matchedBy: '匹配方式：',
  matched: { orderNo: '订单号', orderId: '订单 ID', merchantOrderNo: '商户订单号', last4Amount: '卡号后四位 + 金额' },
  merchant: '商户',
  trader: '承兑商',
  openDisputes: (kind) => `打开该${kind === 'merchant' ? '商户' : '承兑商'}的争议`,
  tryBefore: '可尝试完整订单号（WD… 或 ORD…）、订单 ID、商户订单号、商户或承兑商名称，或卡号后四位加 CNY 金额',
};

export const searchMessages: Record<Lang, typeof en> = { en, zh };
