import type { ControlChangeStatus } from '../../../../db/schema';
import type { ControlKey } from '../../../../server/controls/control-registry';

/**
 * Every string of the operator console's settings page, in English and Chinese (the merchant
 * console's way: English defines the shape and Chinese is typed by it, so a key missing from
 * either fails the type check). No server imports but types: the page and its client part read it.
 */
const en = {
  title: 'Settings',
  languageGroup: 'Language / 语言',
  lead: 'Controls guard money. A change to one applies only when another operator approves it; the proposer can withdraw it until then. Rulings already proposed keep the threshold they were proposed under.',
  cliNote: 'The command line can set a control at once, with a reason it keeps in the audit log (docs/operator-guide.md, "Controls").',
  loading: 'Loading…',
  controls: {
    heading: 'Controls in effect',
    tableLabel: 'Controls in effect',
    control: 'Control',
    value: 'Value',
    setAt: 'Set',
    byDefault: 'default, never changed',
  },
  controlNames: { dispute_four_eyes_threshold: 'Four-eyes threshold', routing: 'Routing and payout dispatch', wallet_hot_wallet_settings: 'Hot wallets' } satisfies Record<ControlKey, string>,
  controlHelp: {
    dispute_four_eyes_threshold: 'A ruling on an order holding more than this (USDT) is a proposal until a second operator approves it.',
    routing:
      'How pay-ins choose a trader (price only or scored, with the weight of each signal, the trader’s reputation among them), automatic pauses, the bounds of traders’ account limits, the lower caps for new traders until they have a record, the bond’s cap, and how payout tasks reach traders (first accept or scored rings) with the cap on open payout tasks (docs/routing.md). Changed from the command line or the API with a second operator’s approval.',
    wallet_hot_wallet_settings:
      'When a deposit address is swept, the USDT each chain’s hot wallet aims to hold, and the cold storage address its excess is flagged for (docs/wallet.md). Changed from the command line or the API with a second operator’s approval.',
  } satisfies Record<ControlKey, string>,
  valueOf: (control: ControlKey, value: string) => (control === 'dispute_four_eyes_threshold' ? `${value} USDT` : value),
  pending: {
    heading: 'Changes awaiting approval',
    none: 'No change is waiting.',
    regionLabel: (control: string) => `Proposed change: ${control}`,
    change: 'Change',
    reason: 'Reason',
    proposedBy: 'Proposed by',
    you: '(you)',
    waiting: 'Waiting for another operator to approve or reject it.',
    withdraw: 'Withdraw change',
    withdrawTitle: (control: string) => `Withdraw the proposed change to the ${control}?`,
    withdrawConsequence: 'The change is withdrawn and the control keeps its value; you can propose again.',
    approve: 'Approve change',
    approveTitle: (control: string, from: string, to: string) => `Approve: ${control} from ${from} to ${to}?`,
    approveConsequence: (name: string) =>
      `The change ${name} proposed applies now, to every ruling made from now on; rulings already proposed keep the threshold they were proposed under. It is recorded in the audit log with both of you.`,
    rejectReason: 'Reason for rejecting',
    reject: 'Reject change',
  },
  propose: {
    heading: 'Propose a change',
    formLabel: 'Propose a change',
    control: 'Control',
    newValue: 'New four-eyes threshold (USDT, 2 decimals)',
    reason: 'Reason (required)',
    submit: 'Propose change',
    blocked: 'A change to this control is waiting; it must be approved, rejected or withdrawn first.',
    proposed: (control: string) => `Proposed: another operator must approve the change to the ${control}.`,
  },
  decided: {
    approved: 'Approved: the new value applies.',
    rejected: 'Rejected: the control keeps its value.',
    withdrawn: 'Withdrawn: the control keeps its value.',
  } satisfies Record<Exclude<ControlChangeStatus, 'pending'>, string>,
  recent: {
    heading: 'Recent decisions',
    tableLabel: 'Recent control changes',
    none: 'No change has been decided yet.',
    control: 'Control',
    change: 'Change',
    status: 'Status',
    proposedBy: 'Proposed by',
    decidedBy: 'Decided by',
    when: 'Decided',
    reason: 'Reasons',
    rejectedBecause: 'Rejected because:',
  },
  statuses: { pending: 'pending', approved: 'approved', rejected: 'rejected', withdrawn: 'withdrawn' } satisfies Record<ControlChangeStatus, string>,
};

export type SettingsMessages = typeof en;

const zh: SettingsMessages = {
  title: '设置',
  languageGroup: 'Language / 语言',
  lead: '控制项用于保护资金。对控制项的修改只有在另一位运营人员批准后才会生效；在此之前提议人可以撤回。已经提交的裁决提案仍按提交时的阈值处理。',
  cliNote: '命令行可以立即设置控制项，但必须填写原因，原因会记入审计日志（docs/operator-guide.md，“Controls”）。',
  loading: '加载中…',
  controls: {
    heading: '当前生效的控制项',
    tableLabel: '当前生效的控制项',
    control: '控制项',
    value: '值',
    setAt: '设置时间',
    byDefault: '默认值，从未修改',
  },
  controlNames: { dispute_four_eyes_threshold: '四眼审批阈值', routing: '分配规则与代付派单', wallet_hot_wallet_settings: '热钱包' },
  controlHelp: {
    dispute_four_eyes_threshold: '订单金额（USDT）超过此值时，裁决先成为提案，需第二位运营人员批准后才生效。',
    routing: '代收订单如何选择交易员（仅按价格或综合评分，以及各信号的权重，其中包括交易员的信誉）、自动暂停、交易员账户限额的上下限、新交易员在有记录之前的较低上限、保证金上限，以及代付任务如何派给交易员（先到先得或评分分圈）和未完成代付任务上限（docs/routing.md）。通过命令行或接口修改，需第二位运营人员批准。',
    wallet_hot_wallet_settings: '充值地址何时归集、各链热钱包的目标余额，以及超出部分标记转往的冷钱包地址（docs/wallet.md）。通过命令行或接口修改，需第二位运营人员批准。',
  },
  valueOf: (control, value) => (control === 'dispute_four_eyes_threshold' ? `${value} USDT` : value),
  pending: {
    heading: '待批准的修改',
    none: '没有待批准的修改。',
    regionLabel: (control) => `修改提案：${control}`,
    change: '修改',
    reason: '原因',
    proposedBy: '提议人',
    you: '（你）',
    waiting: '等待另一位运营人员批准或拒绝。',
    withdraw: '撤回修改',
    withdrawTitle: (control) => `撤回对${control}的修改提案？`,
    withdrawConsequence: '修改被撤回，控制项保持原值；你可以重新提议。',
    approve: '批准修改',
    approveTitle: (control, from, to) => `批准：${control} 从 ${from} 改为 ${to}？`,
    approveConsequence: (name) => `${name} 提议的修改立即生效，适用于此后的所有裁决；已提交的裁决提案仍按提交时的阈值处理。审计日志会记录你们两人。`,
    rejectReason: '拒绝原因',
    reject: '拒绝修改',
  },
  propose: {
    heading: '提议修改',
    formLabel: '提议修改',
    control: '控制项',
    newValue: '新的四眼审批阈值（USDT，两位小数）',
    reason: '原因（必填）',
    submit: '提议修改',
    blocked: '此控制项已有待批准的修改；需先批准、拒绝或撤回。',
    proposed: (control) => `已提议：对${control}的修改需另一位运营人员批准。`,
  },
  decided: {
    approved: '已批准：新值已生效。',
    rejected: '已拒绝：控制项保持原值。',
    withdrawn: '已撤回：控制项保持原值。',
  },
  recent: {
    heading: '最近的决定',
    tableLabel: '最近的控制项修改',
    none: '还没有已决定的修改。',
    control: '控制项',
    change: '修改',
    status: '状态',
    proposedBy: '提议人',
    decidedBy: '决定人',
    when: '决定时间',
    reason: '原因',
    rejectedBecause: '拒绝原因：',
  },
  statuses: { pending: '待批准', approved: '已批准', rejected: '已拒绝', withdrawn: '已撤回' },
};

export type SettingsLang = 'en' | 'zh';

export const settingsMessages: Record<SettingsLang, SettingsMessages> = { en, zh };
