import type { MerchantLang } from '../../_components/messages';

/**
 * The Risk rules page's own strings, in English and Chinese (English defines the shape, Chinese is
 * typed by it); the rules table and form are the consoles' shared ones (app/_components/risk-rules/).
 */
const en = {
  title: 'Risk rules',
  lead: 'Your own rules, checked on every pay-in and payout create of yours. A new rule starts off: its back-test shows what it would have done to your last orders, then you may switch it on. The platform’s rules are not listed here; a refusal by one gives its reference to quote to support.',
  empty: 'No rules of your own yet: only the platform’s rules apply to your orders.',
};

const zh: typeof en = {
  title: '风控规则',
  lead: '您自己的规则，在您每笔代收和代付创建时检查。新规则默认关闭：回测会显示它对您最近订单会做什么，之后才能开启。平台的规则不在此列出；被其拒绝时会给出规则编号，可向客服提供。',
  empty: '您还没有自己的规则：您的订单只受平台规则约束。',
};

export const riskPageMessages: Record<MerchantLang, typeof en> = { en, zh };
