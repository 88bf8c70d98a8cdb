import type { Lang } from './language';

/**
 * Every string of the checkout. English defines the shape; Chinese is typed by it, so a key missing
 * from either language (or only in one) fails the type check.
 */
const en = {
  languageGroup: 'Language / 语言',
  paymentTo: (merchant: string) => `Payment to ${merchant}`,
  pageTitle: (merchant: string) => (merchant ? `Pay ${merchant}` : 'Payment'),
  invalidTitle: 'Payment link not valid',
  securedBy: 'Secured by Corridor',
  orderNo: 'Order number',
  connectionLost: 'Connection lost. Trying again…',

  steps: {
    label: 'Payment progress',
    pay: 'Pay',
    confirming: 'Confirming',
    done: 'Done',
    stateDone: 'completed',
    stateCurrent: 'current step',
    stateStopped: 'stopped',
  },

  copy: 'Copy',
  copied: 'Copied',
  copiedAnnouncement: (what: string) => `${what} copied`,
  copyFailed: 'Could not copy automatically. The text is selected: copy it yourself.',

  timeLeft: 'Time left to pay',
  minutesLeft: (minutes: number) => (minutes === 1 ? '1 minute left to pay' : `${minutes} minutes left to pay`),

  payHeading: 'Pay by bank transfer',
  amountToPay: 'Amount to pay',
  amountName: 'Amount',
  exactInstruction: (amount: string) => `Transfer exactly ${amount} in one single transfer.`,
  exactDetail: 'Do not round the amount or split it into several transfers: a different amount cannot be matched to your order.',
  referenceInstruction: (code: string) => `Put this code in the transfer memo: ${code}`,
  referenceDetail: 'It lets the payee find your payment faster. If your bank has no memo field, just pay the exact amount.',
  referenceLabel: 'Transfer memo',
  referenceReminder: 'Your memo code:',
  payerNameLabel: 'Name on the account you paid from (optional)',
  payerNameHint: 'Only the payee sees it, to recognise your transfer.',
  bankHeading: 'Transfer to',
  holderName: 'Payee name',
  bankName: 'Bank',
  accountNumber: 'Account number',
  bankUnavailable: 'The bank details are not available right now. Do not transfer any money; contact the merchant.',

  iHavePaid: 'I Have Paid',
  confirmPaidHeading: 'Confirm your transfer',
  confirmPaidQuestion: (amount: string, holder: string, bank: string) => `Have you transferred ${amount} to ${holder} at ${bank}?`,
  confirmPaidNote: 'Confirm only once the transfer has gone through. The payee checks the money has arrived before your order completes.',
  confirm: 'Confirm',
  notYet: 'Not yet',
  sending: 'Sending…',

  cancelPayment: 'Cancel payment',
  confirmCancelHeading: 'Cancel this payment?',
  confirmCancelNote: 'Do not cancel if you have already transferred the money.',
  confirmCancel: 'Yes, cancel',
  keepPaying: 'Keep paying',

  matchingHeading: 'Getting the payment details ready',
  matchingText: 'This usually takes a moment. The bank details to transfer to appear here as soon as they are ready, so keep this page open.',

  submittedHeading: 'Payment reported, waiting for the payee to confirm',
  submittedText: 'The payee is checking that your transfer has arrived. This page updates by itself.',
  paidAt: 'Reported paid at',
  reportOpensIn: 'You can report this in',
  reportOpensAt: (time: string) => `If the payee has not confirmed by ${time}, you can choose this then.`,
  reportWhy: (minutes: number, hours: number) =>
    `Why wait: a transfer can take a few minutes to show up, and the payee usually confirms within ${minutes} minutes of your payment. A report stops that and hands the payment to our support team, who take up to ${hours} hours to decide, so waiting first is usually faster.`,

  receiptsHeading: 'Screenshots of your transfer',
  receiptsIntro: 'Attach the confirmation your bank app showed: it speeds things up if anything is unclear.',
  receiptsLabel: (remaining: number) => `Choose up to ${remaining} ${remaining === 1 ? 'image' : 'images'} (PNG, JPEG or WebP, 5 MB each)`,
  receiptsAttach: 'Attach',
  receiptsChooseFirst: 'Choose at least one image first.',
  receiptsTooMany: (remaining: number) => `You can attach ${remaining} more ${remaining === 1 ? 'image' : 'images'}.`,
  receiptsAttached: (count: number) => (count === 1 ? '1 screenshot attached.' : `${count} screenshots attached.`),
  receiptsFull: 'You have attached the most screenshots allowed.',
  receiptsWithReport: 'Screenshots you attached go with your report.',

  reportHeading: 'Report a problem',
  reportIntro: 'Made a mistake with the transfer? Tell us now. If the payee does not confirm your payment, you can report that here too.',
  reportOpen: 'Write a report',
  reportClose: 'Close the report',
  reportKindLegend: 'What happened?',
  reportKinds: {
    not_confirmed: 'The payee has not confirmed my payment',
    amount_differs: 'I transferred a different amount',
    other_details: 'I transferred to other bank details, or without the memo code',
    other: 'Something else',
  } as Record<'not_confirmed' | 'amount_differs' | 'other_details' | 'other', string>,
  reportKindRequired: 'Choose what happened.',
  reportLabel: 'Tell us more',
  reportHint: 'Include when you made the transfer and the name on the account you paid from.',
  charactersLeft: (count: number) => `${count} characters left`,
  reportRequired: 'Describe the problem before sending.',
  reportSubmit: 'Send report',

  releaseHeading: 'Payment confirmed, finishing up',
  settlingHeading: 'Settling',
  releaseText: 'The payee has confirmed your transfer. Finishing the order takes a moment; this page updates by itself.',

  completedHeading: 'Payment complete',
  completedText: (merchant: string) => (merchant ? `${merchant} has received your payment.` : 'The merchant has received your payment.'),
  detailsHeading: 'Payment details',
  amountPaid: 'Amount paid',
  completedAt: 'Completed at',

  splitHeading: 'Payment reviewed: only part of it was counted',
  splitText: (merchant: string, counted: string, whole: string) =>
    `After a review of this payment, ${merchant || 'the merchant'} was credited for ${counted} of the ${whole} order.`,
  splitRest: (rest: string, merchant: string) => `The other ${rest} was not counted as paid. If you paid it, contact ${merchant || 'the merchant'} with your order number.`,
  orderAmount: 'Order amount',
  countedAmount: 'Counted as paid',
  notCountedAmount: 'Not counted as paid',
  ruledFailedText: 'After a review, this payment was not counted as paid.',
  backTo: (merchant: string) => (merchant ? `Back to ${merchant}` : 'Back to the merchant'),

  expiredHeading: 'This payment has expired',
  cancelledByYouHeading: 'You cancelled this payment',
  cancelledByMerchantHeading: (merchant: string) => (merchant ? `${merchant} cancelled this payment` : 'The merchant cancelled this payment'),
  expiredText: 'Do not transfer any money for this order. To pay, start again from the merchant.',
  expiredPaidAnyway: 'If you already transferred money, contact the merchant with your order number.',

  disputedHeading: 'We are looking into it',
  disputedText: 'Our support team is reviewing this payment with the payee. Your money is safe: your order is held until the review is complete, and the merchant is told the outcome.',
  disputedKeepReceipt: 'Keep your bank transfer receipt; you may be asked for it.',
  yourReportHeading: 'Your report',
  yourReportSent: (time: string) => `Sent ${time}`,
  payeeReported: (time: string) => `On ${time} the payee reported that your transfer has not arrived.`,
  answerHeading: 'When to expect an answer',
  answerNotTakenUp: (takenUpBy: string, firstHours: number, decidedBy: string, rulingHours: number) =>
    `Our support team takes up a case within ${firstHours} ${firstHours === 1 ? 'hour' : 'hours'} (by ${takenUpBy}) and decides within ${rulingHours} hours: expect an answer by ${decidedBy}. The merchant is told the outcome.`,
  answerTakenUp: (decidedBy: string) => `Our support team is reviewing it now: expect an answer by ${decidedBy}. The merchant is told the outcome.`,

  failedHeading: 'This payment could not be completed',
  failedText: 'Please contact the merchant and give them your order number.',

  invalidHeading: 'This payment link is not valid',
  invalidText: 'Check that you opened the whole link, or ask the merchant for a new one. Do not transfer any money until you see the payment details.',

  loadErrorHeading: 'We could not load this payment',
  loadErrorText: 'Check your connection and try again.',
  retry: 'Try again',

  /** Domain messages come from the server in English; only what it cannot word well is replaced. */
  describeError: (code: string | undefined, serverMessage: string): string => {
    if (code === undefined) return 'We could not reach the server. Check your connection and try again.';
    if (code === 'VALIDATION_FAILED') return 'Check what you entered and try again.';
    return serverMessage;
  },
};

export type Messages = typeof en;

// The server words its errors in English; a Chinese buyer gets these instead, by code.
const zhErrors: Record<string, string> = {
  NETWORK: '无法连接服务器，请检查网络后重试。',
  ORDER_NOT_FOUND: '此付款链接无效。',
  INVALID_ORDER_STATE: '订单状态已变化，无法执行此操作。页面将显示最新状态。',
  TRANSITION_NOT_DUE: '现在还不能报告问题，请稍后再试。',
  VALIDATION_FAILED: '输入内容有误，请检查后重试。',
  RATE_LIMITED: '操作过于频繁，请稍后再试。',
  INTERNAL_ERROR: '服务器出现问题，请稍后再试。',
  PAYLOAD_TOO_LARGE: '文件过大：最多 3 张图片，每张不超过 5 MB。',
  UNSUPPORTED_MEDIA_TYPE: '请上传 PNG、JPEG 或 WebP 图片。',
};

const zh: Messages = {
  languageGroup: 'Language / 语言',
  paymentTo: (merchant) => `向 ${merchant} 付款`,
  pageTitle: (merchant) => (merchant ? `向 ${merchant} 付款` : '付款'),
  invalidTitle: '付款链接无效',
  securedBy: '由 Corridor 提供安全支付',
  orderNo: '订单号',
  connectionLost: '网络连接中断，正在重试…',

  steps: {
    label: '付款进度',
    pay: '付款',
    confirming: '确认中',
    done: '完成',
    stateDone: '已完成',
    stateCurrent: '当前步骤',
    stateStopped: '已终止',
  },

  copy: '复制',
  copied: '已复制',
  copiedAnnouncement: (what) => `已复制${what}`,
  copyFailed: '无法自动复制，文字已选中，请手动复制。',

  timeLeft: '剩余付款时间',
  minutesLeft: (minutes) => `剩余付款时间 ${minutes} 分钟`,

  payHeading: '银行转账付款',
  amountToPay: '付款金额',
  amountName: '金额',
  exactInstruction: (amount) => `请一次性转账 ${amount}，金额必须完全一致。`,
  exactDetail: '请勿凑整或分多笔转账，金额不一致将无法匹配到您的订单。',
  referenceInstruction: (code) => `请在转账附言中填写：${code}`,
  referenceDetail: '便于收款方更快核对您的付款。若银行没有附言栏，只需按准确金额转账。',
  referenceLabel: '转账附言',
  referenceReminder: '您的附言码：',
  payerNameLabel: '付款账户户名（选填）',
  payerNameHint: '仅收款方可见，用于核对您的转账。',
  bankHeading: '收款账户',
  holderName: '收款人姓名',
  bankName: '开户银行',
  accountNumber: '银行卡号',
  bankUnavailable: '暂时无法显示收款账户。请不要转账，并联系商户。',

  iHavePaid: '我已付款',
  confirmPaidHeading: '确认转账',
  confirmPaidQuestion: (amount, holder, bank) => `您是否已向 ${bank} 的 ${holder} 转账 ${amount}？`,
  confirmPaidNote: '请在转账成功后再确认。收款方核对到账后才会完成订单。',
  confirm: '确认',
  notYet: '还没有',
  sending: '正在提交…',

  cancelPayment: '取消付款',
  confirmCancelHeading: '取消这笔付款？',
  confirmCancelNote: '如果您已经转账，请不要取消。',
  confirmCancel: '确认取消',
  keepPaying: '继续付款',

  matchingHeading: '正在为您匹配收款方',
  matchingText: '通常只需片刻。匹配成功后，收款账户会显示在此页面，请不要关闭页面。',

  submittedHeading: '已提交付款，等待收款方确认',
  submittedText: '收款方正在核对您的转账是否到账，本页面会自动更新。',
  paidAt: '提交付款时间',
  reportOpensIn: '距可以报告此项还有',
  reportOpensAt: (time) => `如果收款方在 ${time} 前仍未确认，届时即可选择此项。`,
  reportWhy: (minutes, hours) =>
    `为什么要等待：转账可能需要几分钟才能到账，收款方通常会在您付款后 ${minutes} 分钟内确认。提交报告会中止确认，改由平台客服处理，客服最长需要 ${hours} 小时作出决定，因此先等待通常更快。`,

  receiptsHeading: '转账截图',
  receiptsIntro: '请上传银行 App 显示的转账成功页面，如有疑问可加快处理。',
  receiptsLabel: (remaining) => `最多选择 ${remaining} 张图片（PNG、JPEG 或 WebP，每张不超过 5 MB）`,
  receiptsAttach: '上传',
  receiptsChooseFirst: '请先选择至少一张图片。',
  receiptsTooMany: (remaining) => `您还可以上传 ${remaining} 张图片。`,
  receiptsAttached: (count) => `已上传 ${count} 张截图。`,
  receiptsFull: '您上传的截图已达上限。',
  receiptsWithReport: '您上传的截图会随报告一并提交。',

  reportHeading: '报告问题',
  reportIntro: '转账时出了差错？请现在告诉我们。如果收款方一直未确认您的付款，也可以在此报告。',
  reportOpen: '填写报告',
  reportClose: '收起报告',
  reportKindLegend: '发生了什么？',
  reportKinds: {
    not_confirmed: '收款方一直未确认我的付款',
    amount_differs: '我转账的金额不对',
    other_details: '我转到了其他账户，或未填写附言码',
    other: '其他问题',
  },
  reportKindRequired: '请选择发生了什么。',
  reportLabel: '补充说明',
  reportHint: '请写明转账时间以及您付款账户的户名。',
  charactersLeft: (count) => `还可输入 ${count} 字`,
  reportRequired: '请先描述问题再提交。',
  reportSubmit: '提交报告',

  releaseHeading: '付款已确认，正在完成订单',
  settlingHeading: '正在结算',
  releaseText: '收款方已确认您的转账，订单即将完成，本页面会自动更新。',

  completedHeading: '付款成功',
  completedText: (merchant) => (merchant ? `${merchant} 已收到您的付款。` : '商户已收到您的付款。'),
  detailsHeading: '付款详情',
  amountPaid: '已付金额',
  completedAt: '完成时间',

  splitHeading: '付款已审核：仅部分金额被认可',
  splitText: (merchant, counted, whole) => `经审核，这笔 ${whole} 的订单中，${counted} 已计入 ${merchant || '商户'} 的收款。`,
  splitRest: (rest, merchant) => `其余 ${rest} 未被认定为已付款。如您已支付这部分，请凭订单号联系 ${merchant || '商户'}。`,
  orderAmount: '订单金额',
  countedAmount: '认定已付',
  notCountedAmount: '未认定已付',
  ruledFailedText: '经审核，这笔付款未被认定为已付款。',
  backTo: (merchant) => (merchant ? `返回 ${merchant}` : '返回商户'),

  expiredHeading: '此付款已过期',
  cancelledByYouHeading: '您已取消此付款',
  cancelledByMerchantHeading: (merchant) => (merchant ? `${merchant} 已取消此付款` : '商户已取消此付款'),
  expiredText: '请不要再为此订单转账。如需付款，请返回商户重新下单。',
  expiredPaidAnyway: '如果您已经转账，请凭订单号联系商户。',

  disputedHeading: '我们正在处理',
  disputedText: '平台客服正在与收款方核实这笔付款。您的资金是安全的：核实完成前，订单会一直保留，处理结果将通知商户。',
  disputedKeepReceipt: '请保留银行转账凭证，我们可能需要您提供。',
  yourReportHeading: '您的报告',
  yourReportSent: (time) => `提交于 ${time}`,
  payeeReported: (time) => `收款方于 ${time} 报告尚未收到您的转账。`,
  answerHeading: '何时得到答复',
  answerNotTakenUp: (takenUpBy, firstHours, decidedBy, rulingHours) =>
    `平台客服会在 ${firstHours} 小时内（${takenUpBy} 前）开始处理，并在 ${rulingHours} 小时内作出决定：预计在 ${decidedBy} 前给出答复。处理结果将通知商户。`,
  answerTakenUp: (decidedBy) => `平台客服正在处理：预计在 ${decidedBy} 前给出答复。处理结果将通知商户。`,

  failedHeading: '此付款无法完成',
  failedText: '请联系商户，并提供您的订单号。',

  invalidHeading: '此付款链接无效',
  invalidText: '请确认您打开的是完整链接，或向商户索取新的链接。在看到付款信息之前，请不要转账。',

  loadErrorHeading: '无法加载付款信息',
  loadErrorText: '请检查网络后重试。',
  retry: '重试',

  describeError: (code, serverMessage) => zhErrors[code ?? 'NETWORK'] ?? `操作未成功：${serverMessage}`,
};

export const messages: Record<Lang, Messages> = { en, zh };
