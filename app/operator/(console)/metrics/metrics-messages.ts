import type { Lang } from '../../../pay/[token]/language';

/** The strings of the metrics page; English defines the shape and Chinese is typed by it. */
const en = {
  title: 'Metrics',
  lead: (days: number, open: number, ruled: number, median: string) =>
    `The last ${days} days (UTC). ${open} open ${open === 1 ? 'dispute' : 'disputes'}; ${ruled} ruled; median time to ruling ${median}.`,
  minutes: (minutes: number) => `${minutes} min`,
  hoursMinutes: (hours: number, minutes: string) => `${hours} h ${minutes} min`,
  hours: (hours: number) => `${hours} h`,
  openByAge: 'Open disputes by age',
  /** The server's age buckets, by their English words. */
  ageBuckets: {} as Record<string, string>,
  rulingsPerDay: 'Rulings per day',
  timeToRuling: 'Median time to ruling',
  timeToRulingChart: 'Median time to ruling per day, in hours',
  traders: 'Traders',
  noTraders: 'No trader took an order in this window.',
  tableLabel: 'Trader overdue and dispute rates',
  trader: 'Trader',
  orders: 'Orders taken',
  overdue: 'Overdue',
  overdueRate: 'Overdue rate',
  disputed: 'Disputed',
  disputeRate: 'Dispute rate',
  overdueRateOf: (name: string) => `Overdue rate of ${name}`,
  disputeRateOf: (name: string) => `Dispute rate of ${name}`,
};

const zh: typeof en = {
  title: '指标',
  lead: (days, open, ruled, median) => `最近 ${days} 天（UTC）。未结争议 ${open} 个；已裁决 ${ruled} 个；裁决用时中位数 ${median}。`,
  minutes: (minutes) => `${minutes} 分钟`,
  hoursMinutes: (hours, minutes) => `${hours} 小时 ${minutes} 分钟`,
  hours: (hours) => `${hours} 小时`,
  openByAge: '按时长统计的未结争议',
  ageBuckets: { 'under 1 h': '1 小时内', '1–4 h': '1–4 小时', '4–24 h': '4–24 小时', '1–3 d': '1–3 天', 'over 3 d': '超过 3 天' },
  rulingsPerDay: '每日裁决数',
  timeToRuling: '裁决用时中位数',
  timeToRulingChart: '每日裁决用时中位数（小时）',
  traders: '承兑商',
  noTraders: '此期间没有承兑商接单。',
  tableLabel: '承兑商超时率与争议率',
  trader: '承兑商',
  orders: '接单数',
  overdue: '超时',
  overdueRate: '超时率',
  disputed: '争议',
  disputeRate: '争议率',
  overdueRateOf: (name) => `${name} 的超时率`,
  disputeRateOf: (name) => `${name} 的争议率`,
};

export const metricsMessages: Record<Lang, typeof en> = { en, zh };
