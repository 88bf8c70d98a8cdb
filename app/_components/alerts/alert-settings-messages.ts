import type { Lang } from '../../pay/[token]/language';

type Kind = 'payout_task' | 'payin_to_confirm' | 'payout_to_confirm' | 'dispute_opened' | 'dispute_resolved' | 'deadline_soon' | 'case_overdue' | 'ledger_alarm';

/** The Alerts section's strings, shared by the trader dashboard and both consoles (docs/alerts.md). */
const en = {
  title: 'Alerts',
  intro: 'Get alerts in Telegram when something needs you, with this tab closed.',
  telegram: 'Telegram',
  linked: (at: string) => `Linked since ${at}.`,
  notLinked: 'Not linked.',
  getCode: 'Get a link code',
  codeIs: 'Your one-time code',
  instructions: (code: string) => `Send /start ${code} to the Corridor bot in Telegram.`,
  openBot: 'Open the bot in Telegram',
  expires: (at: string) => `The code works once, until ${at}.`,
  unlink: 'Unlink Telegram',
  unlinkTitle: 'Unlink Telegram?',
  unlinkConsequence: 'No more alerts will reach your Telegram chat. Alerts waiting to be sent are dropped. You can link again with a new code.',
  back: 'Back',
  unlinked: 'Telegram unlinked.',
  settings: 'What you get',
  kindsLegend: 'Alert kinds',
  kinds: {
    payout_task: 'New payout tasks that fit my limits',
    payin_to_confirm: 'Pay-ins to confirm',
    payout_to_confirm: 'Payout proofs to confirm',
    dispute_opened: 'New disputes',
    dispute_resolved: 'Dispute rulings',
    deadline_soon: 'Deadlines within the hour',
    case_overdue: 'Overdue dispute cases',
    ledger_alarm: 'Ledger and solvency alarms',
  } satisfies Record<Kind, string>,
  language: 'Language of alerts',
  languages: { en: 'English', zh: '中文' },
  quiet: 'Quiet hours (alerts wait until they end)',
  quietFrom: 'From',
  quietTo: 'To',
  timeZone: 'Time zone',
  save: 'Save',
  saved: 'Saved.',
  loading: 'Loading…',
  loadError: 'Could not load your alert settings.',
};

type AlertSettingsMessages = typeof en;

const zh: AlertSettingsMessages = {
  title: '提醒',
  intro: '有事需要您处理时，即使关闭此页面也能在 Telegram 收到提醒。',
  telegram: 'Telegram',
  linked: (at) => `已于 ${at} 绑定。`,
  notLinked: '未绑定。',
  getCode: '获取绑定码',
  codeIs: '您的一次性绑定码',
  instructions: (code) => `在 Telegram 中向 Corridor 机器人发送 /start ${code}。`,
  openBot: '在 Telegram 中打开机器人',
  expires: (at) => `绑定码只能使用一次，有效期至 ${at}。`,
  unlink: '解除 Telegram 绑定',
  unlinkTitle: '解除 Telegram 绑定？',
  unlinkConsequence: '您的 Telegram 对话将不再收到提醒，等待发送的提醒将被丢弃。之后可用新的绑定码重新绑定。',
  back: '返回',
  unlinked: '已解除 Telegram 绑定。',
  settings: '接收内容',
  kindsLegend: '提醒类型',
  kinds: {
    payout_task: '符合我限额的新代付任务',
    payin_to_confirm: '待确认的代收',
    payout_to_confirm: '待确认的代付凭证',
    dispute_opened: '新的争议',
    dispute_resolved: '争议裁决',
    deadline_soon: '一小时内到期的期限',
    case_overdue: '逾期的争议案件',
    ledger_alarm: '账本与偿付能力告警',
  },
  language: '提醒语言',
  languages: { en: 'English', zh: '中文' },
  quiet: '免打扰时段（提醒将在结束后发送）',
  quietFrom: '开始',
  quietTo: '结束',
  timeZone: '时区',
  save: '保存',
  saved: '已保存。',
  loading: '加载中…',
  loadError: '无法加载您的提醒设置。',
};

export const alertSettingsMessages: Record<Lang, AlertSettingsMessages> = { en, zh };
export const ALERT_KIND_ORDER: Kind[] = ['payout_task', 'payin_to_confirm', 'payout_to_confirm', 'dispute_opened', 'dispute_resolved', 'deadline_soon', 'case_overdue', 'ledger_alarm'];
