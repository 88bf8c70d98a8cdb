import type { Lang } from '../../../pay/[token]/language';

/** The strings of a trader's payout task cap on the traders page; English defines the shape and Chinese is typed by it. */
const en = {
  heading: 'Payout tasks',
  lead: 'Payout tasks a trader has accepted and not yet marked paid, against its cap: at the cap its accepts are refused and scored dispatch offers tasks to others (docs/routing.md, "Payout dispatch"). The platform’s cap is a routing setting; a trader may have its own, e.g. lower while it builds a record.',
  choose: 'Choose…',
  trader: 'Trader',
  loading: 'Loading the payout tasks…',
  openTasks: 'Open payout tasks',
  cap: 'Cap in effect',
  none: 'none',
  own: "the trader's own",
  platform: "the platform's",
  mode: 'Dispatch',
  modes: { first_accept: 'first accept (every fitting trader at once)', scored: 'scored rings (the best first, widening)' },
  overrideHeading: "Set the trader's own cap",
  overrideLead: "Empty: the platform's cap again. Audited with your reason.",
  capField: 'Cap (open tasks)',
  reason: 'Reason',
  save: 'Set cap',
  confirmTitle: (name: string, cap: string) => (cap ? `Set ${name}'s cap to ${cap} open payout tasks?` : `Give ${name} the platform's cap again?`),
  confirmConsequence: (reason: string) => `The trader's next accepts are checked against it at once; tasks it already holds stay its own. Reason kept in the audit log: "${reason}".`,
  confirmLabel: 'Set cap',
  saved: 'Cap saved.',
};

const zh: typeof en = {
  heading: '代付任务',
  lead: '交易员已接单但尚未标记已付款的代付任务，与其上限对比：达到上限时接单会被拒绝，评分派单会把任务派给其他人（docs/routing.md，“Payout dispatch”）。平台上限是路由设置；交易员可以有专属上限，例如在积累记录期间设得更低。',
  choose: '请选择…',
  trader: '交易员',
  loading: '正在加载代付任务…',
  openTasks: '未完成代付任务',
  cap: '生效上限',
  none: '无',
  own: '交易员专属',
  platform: '平台默认',
  mode: '派单方式',
  modes: { first_accept: '先到先得（所有符合条件的交易员同时可见）', scored: '评分分圈（先派给最佳交易员，逐步扩大）' },
  overrideHeading: '设置交易员专属上限',
  overrideLead: '留空：恢复平台上限。将连同原因记入审计日志。',
  capField: '上限（未完成任务数）',
  reason: '原因',
  save: '设置上限',
  confirmTitle: (name: string, cap: string) => (cap ? `将 ${name} 的上限设为 ${cap} 个未完成代付任务？` : `恢复 ${name} 使用平台上限？`),
  confirmConsequence: (reason: string) => `该交易员之后的接单立即按此检查；已持有的任务仍归其所有。审计日志记录的原因：“${reason}”。`,
  confirmLabel: '设置上限',
  saved: '上限已保存。',
};

export const traderPayoutCapMessages: Record<Lang, typeof en> = { en, zh };
