import type { Lang } from '../../../pay/[token]/language';

/** The strings of the reference rate page; English defines the shape and Chinese is typed by it. */
const en = {
  title: 'Reference rate',
  lead: 'The reference rate (CNY per USDT) sets the slippage merchants see. By default it is the median of the online traders’ quotes; an override replaces it for both flows until cleared.',
  facts: 'Reference rate',
  override: 'Override',
  overrideValue: (rate: string, at: string) => `${rate} (set ${at})`,
  none: 'none',
  buyMedian: 'Median of buy quotes (payouts)',
  sellMedian: 'Median of sell quotes (pay-ins)',
  noQuotes: 'no quotes',
  form: 'Set the override',
  rate: 'Override rate (4 decimals)',
  set: 'Set override',
  clear: 'Clear override',
};

const zh: typeof en = {
  title: '参考汇率',
  lead: '参考汇率（每 USDT 兑 CNY）决定商户看到的滑点。默认取在线承兑商报价的中位数；设置覆盖值后，两类业务都使用该值，直到清除。',
  facts: '参考汇率',
  override: '覆盖值',
  overrideValue: (rate, at) => `${rate}（设置于 ${at}）`,
  none: '无',
  buyMedian: '买入报价中位数（代付）',
  sellMedian: '卖出报价中位数（代收）',
  noQuotes: '暂无报价',
  form: '设置覆盖值',
  rate: '覆盖汇率（4 位小数）',
  set: '设置覆盖值',
  clear: '清除覆盖值',
};

export const rateMessages: Record<Lang, typeof en> = { en, zh };
