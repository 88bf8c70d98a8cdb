import type { MerchantLang } from '../../_components/messages';

/**
 * The strings of the evidence requests and the dispute withdrawal on the order pages, in English
 * and Chinese (English defines the shape; Chinese is typed by it).
 */
const en = {
  requestsLabel: 'What the operator asks of you',
  asks: 'The operator asks you:',
  answerBy: (at: string) => `Answer by ${at} by adding evidence below (a statement, images or both).`,
  paused: (at: string) => `The order's deadlines are paused since ${at} while an operator reviews the dispute.`,
  disputeDueBy: (at: string) => `Answer the dispute by ${at} by adding evidence below: without an answer it may be ruled automatically for the trader.`,
  withdraw: 'Withdraw the dispute',
  withdrawTitle: (orderNo: string) => `Withdraw your dispute on ${orderNo}?`,
  withdrawConsequence:
    'The payout goes back to Proof Submitted for you to confirm or dispute again; your decision window gets back the time the dispute took. The operator no longer rules on it.',
  withdrawConfirm: 'Withdraw dispute',
  back: 'Back',
  withdrawn: 'Dispute withdrawn: decide on the payout again.',
};

const zh: typeof en = {
  requestsLabel: '仲裁员的补充材料要求',
  asks: '仲裁员请您补充：',
  answerBy: (at: string) => `请在 ${at} 前在下方补充证据（说明、图片或两者）。`,
  paused: (at: string) => `争议处理期间，订单的各项时限自 ${at} 起暂停。`,
  disputeDueBy: (at: string) => `请在 ${at} 前在下方补充证据回应争议：未回应的争议可能被自动裁决为对交易员有利。`,
  withdraw: '撤回争议',
  withdrawTitle: (orderNo: string) => `撤回对 ${orderNo} 的争议？`,
  withdrawConsequence: '代付单将回到“已提交凭证”，由您重新确认或再次提出争议；争议占用的时间会补回您的决定时限。仲裁员将不再裁决。',
  withdrawConfirm: '撤回争议',
  back: '返回',
  withdrawn: '争议已撤回：请重新处理这笔代付。',
};

export const disputeProcessMessages: Record<MerchantLang, typeof en> = { en, zh };
