import type { Lang } from '../../pay/[token]/language';

/**
 * The strings of the operator console's frame and shared parts (nav, search, pager, confirmations),
 * in English and Chinese; each section keeps its own catalog beside it (`*-messages.ts`). The
 * merchant console's way: English defines the shape and Chinese is typed by it, so a key missing
 * from either fails the type check. No server imports: client and server components both read it.
 */
const en = {
  languageGroup: 'Language / 语言',
  consoleLabel: 'Operator console',
  consoleTitle: 'Operator console',
  signedInAs: 'Signed in as',
  changePassword: 'Change password',
  signOut: 'Sign out',
  skipToContent: 'Skip to content',
  nav: {
    disputes: 'Disputes',
    stuck: 'Overdue & unmatched',
    risk: 'Risk',
    merchants: 'Merchants',
    traders: 'Traders',
    notifications: 'Auto-confirmation',
    rate: 'Reference rate',
    settings: 'Settings',
    audit: 'Audit log',
    ledger: 'Ledger',
    deposits: 'Deposits',
    reconciliation: 'Reconciliation',
    withdrawals: 'Withdrawals',
    metrics: 'Metrics',
    security: 'Security',
    alerts: 'My alerts',
  },
  search: {
    label: 'Search',
    placeholder: 'Order no., order id, merchant, trader, last 4 + amount',
    hintBefore: 'Press',
    hintAfter: 'to search from anywhere.',
    find: 'Find',
  },
  pager: {
    pages: (label: string) => `${label} pages`,
    previous: 'Previous page',
    next: 'Next page',
    page: (page: number) => `Page ${page}`,
  },
  back: 'Back',
  you: '(you)',
  loading: 'Loading…',
  yes: 'yes',
  no: 'no',
};

export type OperatorMessages = typeof en;

const zh: OperatorMessages = {
  languageGroup: 'Language / 语言',
  consoleLabel: '运营后台',
  consoleTitle: '运营后台',
  signedInAs: '当前登录：',
  changePassword: '修改密码',
  signOut: '退出登录',
  skipToContent: '跳到正文',
  nav: {
    disputes: '争议',
    stuck: '超时与未匹配',
    risk: '风控',
    merchants: '商户',
    traders: '承兑商',
    notifications: '自动确认',
    rate: '参考汇率',
    settings: '设置',
    audit: '审计日志',
    ledger: '账本',
    deposits: '充值',
    reconciliation: '对账',
    withdrawals: '提现',
    metrics: '指标',
    security: '安全',
    alerts: '我的提醒',
  },
  search: {
    label: '搜索',
    placeholder: '订单号、订单 ID、商户、承兑商、卡号后四位 + 金额',
    hintBefore: '在任意位置按',
    hintAfter: '即可搜索。',
    find: '查找',
  },
  pager: {
    pages: (label: string) => `${label}分页`,
    previous: '上一页',
    next: '下一页',
    page: (page: number) => `第 ${page} 页`,
  },
  back: '返回',
  you: '（您）',
  loading: '正在加载…',
  yes: '是',
  no: '否',
};

export type OperatorLang = Lang;

export const operatorMessages: Record<OperatorLang, OperatorMessages> = { en, zh };
