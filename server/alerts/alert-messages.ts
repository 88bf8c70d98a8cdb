import type { AlertKind, AlertLanguage } from '../../db/schema';
import type { AlertParams } from './alert-kinds';

type Render = (p: AlertParams) => string;

const flowWord = { en: { payout: 'payout', payin: 'pay-in' }, zh: { payout: '代付', payin: '代收' } } as const;
const partyWord = {
  en: { trader: 'trader', merchant: 'merchant', buyer: 'buyer', operator: 'operator' },
  zh: { trader: '交易员', merchant: '商户', buyer: '买家', operator: '运营' },
} as const;
const checkWord = { en: { ledger: 'Ledger check', solvency: 'Solvency check' }, zh: { ledger: '账本核对', solvency: '偿付能力核对' } } as const;

/** "2026-11-27 18:20 UTC": a due time a person reads at a glance in either language. */
function when(iso: string | undefined): string {
  return iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '';
}

const amountOf = (p: AlertParams) => `${p.amount ?? ''} ${p.currency ?? ''}`.trim();

const TEXTS: Record<AlertLanguage, Record<AlertKind, Render>> = {
  en: {
    payout_task: (p) => `New payout task ${p.orderNo}: ${amountOf(p)}. Open the dashboard to take it.`,
    payin_to_confirm: (p) => `Pay-in ${p.orderNo}: the buyer says ${amountOf(p)} was paid. Check your account and confirm.`,
    payout_to_confirm: (p) => `Payout ${p.orderNo}: the trader uploaded proof of ${amountOf(p)}. Confirm or dispute it.`,
    dispute_opened: (p) => `Dispute opened on ${flowWord.en[p.flow ?? 'payout']} ${p.orderNo}.`,
    dispute_resolved: (p) => `The dispute on ${flowWord.en[p.flow ?? 'payout']} ${p.orderNo} was ruled.`,
    dispute_message: (p) => `New message from the ${partyWord.en[p.party ?? 'operator']} in the dispute on ${flowWord.en[p.flow ?? 'payout']} ${p.orderNo}.`,
    deadline_soon: (p) => `Deadline for the ${partyWord.en[p.party ?? 'operator']} on ${flowWord.en[p.flow ?? 'payout']} ${p.orderNo} passes at ${when(p.dueAt)}.`,
    case_overdue: (p) => `Dispute case ${p.orderNo} is overdue: the ${partyWord.en[p.party ?? 'operator']}'s deadline passed at ${when(p.dueAt)}.`,
    ledger_alarm: (p) => `${checkWord.en[p.check ?? 'ledger']} failed at ${when(p.dueAt)}. Open the operator console.`,
  },
  zh: {
    payout_task: (p) => `新的代付任务 ${p.orderNo}：${amountOf(p)}。请打开工作台接单。`,
    payin_to_confirm: (p) => `代收 ${p.orderNo}：买家称已支付 ${amountOf(p)}。请核对账户并确认。`,
    payout_to_confirm: (p) => `代付 ${p.orderNo}：交易员已上传 ${amountOf(p)} 的付款凭证。请确认或申诉。`,
    dispute_opened: (p) => `${flowWord.zh[p.flow ?? 'payout']} ${p.orderNo} 有新的争议。`,
    dispute_resolved: (p) => `${flowWord.zh[p.flow ?? 'payout']} ${p.orderNo} 的争议已裁决。`,
    dispute_message: (p) => `${flowWord.zh[p.flow ?? 'payout']} ${p.orderNo} 的争议中有${partyWord.zh[p.party ?? 'operator']}的新消息。`,
    deadline_soon: (p) => `${flowWord.zh[p.flow ?? 'payout']} ${p.orderNo} 的${partyWord.zh[p.party ?? 'operator']}期限将于 ${when(p.dueAt)} 到期。`,
    case_overdue: (p) => `争议案件 ${p.orderNo} 已逾期：${partyWord.zh[p.party ?? 'operator']}期限已于 ${when(p.dueAt)} 过去。`,
    ledger_alarm: (p) => `${checkWord.zh[p.check ?? 'ledger']}于 ${when(p.dueAt)} 失败。请打开运营控制台。`,
  },
};

/** The alert's text in the person's language. */
export function alertText(kind: AlertKind, params: AlertParams, language: AlertLanguage): string {
  return TEXTS[language][kind](params);
}
