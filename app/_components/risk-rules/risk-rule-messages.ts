import type { Lang } from '../../pay/[token]/language';
import type { ConditionField, RiskAction, RiskFlow, RiskKind } from './rule-draft';

type Velocity = 'buyer_reference' | 'recipient_account' | 'client_address';
type Listed = 'buyer_reference' | 'recipient_account' | 'name';

/**
 * The strings of the rules table and the rule form, which the operator's and the merchant's risk
 * pages share (docs/risk.md); English defines the shape and Chinese is typed by it. Each page keeps
 * its own title, lead and empty state.
 */
const en = {
  loading: 'Loading…',
  rulesHeading: 'Rules',
  rulesLabel: 'Risk rules',
  name: 'Name',
  scope: 'Scope',
  platform: 'Platform (every merchant)',
  flows: 'Applies to',
  flow: { payin: 'Pay-in create', payout: 'Payout create' } satisfies Record<RiskFlow, string>,
  condition: 'Condition',
  action: 'Action',
  actions: { allow: 'Allow', review: 'Hold for review', block: 'Block' } satisfies Record<RiskAction, string>,
  kinds: { velocity: 'Velocity', blocklist: 'Blocklist', amount_outlier: 'Amount outlier', payer_name_mismatch: 'Payer-name mismatch' } satisfies Record<RiskKind, string>,
  per: { buyer_reference: 'per buyer reference', recipient_account: 'per recipient account', client_address: 'per client address' } satisfies Record<Velocity, string>,
  lists: { buyer_reference: 'Buyer references', recipient_account: 'Recipient accounts', name: 'Names' } satisfies Record<Listed, string>,
  velocitySummary: (per: string, count: number | undefined, amount: string | undefined, minutes: number) =>
    `more than ${[count !== undefined ? `${count} orders` : null, amount !== undefined ? `${amount} CNY` : null].filter(Boolean).join(' or ')} ${per} in ${minutes} min`,
  blocklistSummary: (list: string, size: number) => `${list}: ${size} listed`,
  outlierSummary: (above: string, last: number) => `above ${above} of the merchant's last ${last} orders`,
  percentileOf: (p: number) => `the ${p}th percentile`,
  timesMedianOf: (k: string) => `${k} × the median`,
  mismatchSummary: 'the bank notification names another payer than the buyer declared',
  createdAt: 'Created',
  state: 'State',
  on: 'On',
  off: 'Off',
  switchOn: 'Switch on',
  switchOff: 'Switch off',
  switchOnTitle: (name: string) => `Switch on “${name}”?`,
  switchOnConsequence: 'From now on the rule acts on every matching create. Back-test it first to see what it would have done.',
  /** A blocking rule switched on from its back-test: the consequence names what it would have refused. */
  switchOnBlockConsequence: (backTest: string) => `From now on every matching create is refused, and the refusal gives your API client the rule’s reference. ${backTest}`,
  switchOffTitle: (name: string) => `Switch off “${name}”?`,
  switchOffConsequence: 'The rule stops acting at once. Orders it already holds stay in the review queue.',
  backTestFirst: 'Back-test it before switching it on.',
  backTest: 'Back-test',
  lastOrders: 'Last orders',
  backTestResult: (action: string, matched: string, evaluated: string, flow: string) => `${flow}: would have matched (${action}) ${matched} of the last ${evaluated}.`,
  createHeading: 'New rule',
  merchantLabel: 'Merchant',
  kindLabel: 'Condition kind',
  fields: {
    per: 'Count',
    windowMinutes: 'Window (minutes)',
    maxCount: 'At most orders (optional)',
    maxAmount: 'At most CNY (optional, e.g. 5000.00)',
    list: 'List',
    values: 'Values, one a line (names and account numbers are stored only as fingerprints)',
    lastOrders: 'Over the merchant’s last orders (20 to 1,000)',
    percentile: 'Percentile (50 to 99; or leave empty and give a multiple)',
    timesMedian: 'Times the median (e.g. 3)',
  } satisfies Record<ConditionField, string>,
  create: 'Create (off)',
  created: (name: string) => `Rule “${name}” created, switched off.`,
};

export type RiskRuleMessages = typeof en;

const zh: RiskRuleMessages = {
  loading: '正在加载…',
  rulesHeading: '规则',
  rulesLabel: '风控规则',
  name: '名称',
  scope: '范围',
  platform: '平台（所有商户）',
  flows: '适用于',
  flow: { payin: '创建代收', payout: '创建代付' },
  condition: '条件',
  action: '动作',
  actions: { allow: '放行', review: '暂扣待审', block: '拦截' },
  kinds: { velocity: '频次', blocklist: '黑名单', amount_outlier: '金额异常', payer_name_mismatch: '付款人姓名不符' },
  per: { buyer_reference: '按买家标识', recipient_account: '按收款账户', client_address: '按客户端地址' },
  lists: { buyer_reference: '买家标识', recipient_account: '收款账户', name: '姓名' },
  velocitySummary: (per, count, amount, minutes) =>
    `${minutes} 分钟内${per}超过 ${[count !== undefined ? `${count} 笔` : null, amount !== undefined ? `${amount} CNY` : null].filter(Boolean).join(' 或 ')}`,
  blocklistSummary: (list, size) => `${list}：已列 ${size} 项`,
  outlierSummary: (above, last) => `高于该商户最近 ${last} 笔订单的${above}`,
  percentileOf: (p) => `第 ${p} 百分位`,
  timesMedianOf: (k) => `中位数的 ${k} 倍`,
  mismatchSummary: '银行通知中的付款人与买家申报的姓名不同',
  createdAt: '创建时间',
  state: '状态',
  on: '开启',
  off: '关闭',
  switchOn: '开启',
  switchOff: '关闭',
  switchOnTitle: (name) => `开启“${name}”？`,
  switchOnConsequence: '从现在起，规则将作用于每笔符合条件的创建。请先回测，看看它过去会做什么。',
  switchOnBlockConsequence: (backTest) => `从现在起，每笔符合条件的创建都会被拒绝，拒绝信息会向您的 API 客户端给出规则编号。${backTest}`,
  switchOffTitle: (name) => `关闭“${name}”？`,
  switchOffConsequence: '规则立即停止生效。已暂扣的订单仍留在审核队列中。',
  backTestFirst: '请先回测，再开启。',
  backTest: '回测',
  lastOrders: '最近订单数',
  backTestResult: (action, matched, evaluated, flow) => `${flow}：最近 ${evaluated} 笔中会命中（${action}）${matched} 笔。`,
  createHeading: '新规则',
  merchantLabel: '商户',
  kindLabel: '条件类型',
  fields: {
    per: '计数依据',
    windowMinutes: '时间窗口（分钟）',
    maxCount: '最多笔数（可选）',
    maxAmount: '最多金额 CNY（可选，例如 5000.00）',
    list: '名单',
    values: '每行一个值（姓名和账号只以指纹保存）',
    lastOrders: '统计该商户最近的订单数（20 至 1,000）',
    percentile: '百分位（50 至 99；或留空并填写倍数）',
    timesMedian: '中位数的倍数（例如 3）',
  },
  create: '创建（关闭状态）',
  created: (name) => `规则“${name}”已创建，处于关闭状态。`,
};

export const riskRuleMessages: Record<Lang, RiskRuleMessages> = { en, zh };
