import { and, desc, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { merchants, orderTransitions, payinOrders, traderBankAccounts } from '../../db/schema';
import { disputeSlas } from '../disputes/dispute-sla';
import { countEvidenceImages } from '../disputes/count-evidence-images';
import { buyerRulingOf } from '../payins/payin-ruling';
import { EVIDENCE_STATES, MAX_EVIDENCE_IMAGES } from '../disputes/dispute-evidence.schema';
import { keyring } from '../config/keyring';
import { decryptField, encryptField } from '../crypto/encryption';
import { DomainError } from '../errors';
import { fmt2, isoMs, isoMsOrNull } from '../money/format';
import { applyPayinTransition } from '../payins/apply-payin-transition';
import { defaultWindows } from '../orders/windows';
import { checkoutLinkExpired } from '../payins/checkout-link';
import { payinByToken } from '../payins/payin-by-token';
import { buyerDisputeOf } from './buyer-dispute-view';
import { buyerReportKindLabel, waitsAfterPaying, type BuyerReportKind } from '../../common/buyer-report-kind';
import { payinDetailView } from '../payins/payin-view';
import { releaseHeldMatches } from '../notifications/release-held-matches';
import { retryTransaction } from '../../db/retry-transaction';

type PayinRow = typeof payinOrders.$inferSelect;

/** Who ended a cancelled pay-in, in the buyer's terms: they did, the merchant did, or time ran out. */
export type CancelledBy = 'buyer' | 'merchant' | 'expired';

const cancelledByAction: Record<string, CancelledBy> = { buyer_cancel: 'buyer', merchant_cancel: 'merchant', expire: 'expired' };

async function cancelledByOf(db: Executor, order: PayinRow): Promise<CancelledBy | null> {
  if (order.status !== 'CANCELLED') return null;
  const [last] = await db
    .select({ action: orderTransitions.action })
    .from(orderTransitions)
    .where(and(eq(orderTransitions.flow, 'payin'), eq(orderTransitions.orderId, order.id), eq(orderTransitions.toStatus, 'CANCELLED')))
    .orderBy(desc(orderTransitions.id))
    .limit(1);
  return cancelledByAction[last?.action ?? ''] ?? 'expired';
}

/**
 * What the buyer's checkout page shows: the amount in CNY, the matched trader's bank details (only while
 * the buyer is to pay or has just paid), deadlines and where to go back to.
 */
export async function checkoutView(db: Executor, token: string, now = new Date()) {
  const order = await payinByToken(db, token);
  // A link whose order ended long ago answers like an unknown one (server/payins/checkout-link.ts).
  if (checkoutLinkExpired(order, now)) throw new DomainError('ORDER_NOT_FOUND', 'This payment link is not valid.');
  const [merchant] = await db
    .select({ name: merchants.name, displayName: merchants.checkoutDisplayName, askPayerName: merchants.askPayerName })
    .from(merchants)
    .where(eq(merchants.id, order.merchantId));
  const showBank = order.status === 'PENDING_PAYMENT' || order.status === 'PAYMENT_SUBMITTED';
  let bank: { holderName: string; bankName: string; accountNumber: string } | null = null;
  if (showBank && order.traderBankAccountId) {
    const [account] = await db.select().from(traderBankAccounts).where(eq(traderBankAccounts.id, order.traderBankAccountId));
    if (account) {
      bank = {
        holderName: account.holderName,
        bankName: account.bankName,
        accountNumber: decryptField(keyring(), 'card', account.accountNumber, { table: 'trader_bank_accounts', id: account.id, field: 'account_number' }),
      };
    }
  }
  const reportFrom = order.paymentSubmittedAt ? new Date(order.paymentSubmittedAt.getTime() + defaultWindows.payinBuyerReportAfterMs) : null;
  const receiptsOpen = (EVIDENCE_STATES.payin as readonly string[]).includes(order.status);
  const receiptsAttached = receiptsOpen ? await countEvidenceImages(db, { flow: 'payin', orderId: order.id, party: 'buyer' }) : 0;
  return {
    orderNo: order.orderNo,
    merchantName: merchant?.displayName ?? merchant?.name ?? '',
    status: order.status,
    // What the buyer transfers: with a cent offset on an auto-confirm account (docs/trader-guide.md,
    // "Cent offsets") a few cents more than the order's CNY amount; the merchant's amounts do not change.
    fiatAmount: fmt2(order.paymentFiatAmount ?? order.fiatAmount),
    fiatCurrency: 'CNY' as const,
    // No USDT amount, rate or fee: the buyer pays and reads CNY only (docs/merchant-guide.md).
    // The code to put in the transfer memo; whether "I Have Paid" asks for the payer's name.
    buyerReference: order.buyerReference,
    askPayerName: merchant?.askPayerName ?? false,
    bank,
    expiresAt: isoMs(order.expiresAt),
    paymentSubmittedAt: isoMsOrNull(order.paymentSubmittedAt),
    completedAt: isoMsOrNull(order.completedAt),
    canReportProblemFrom: isoMsOrNull(reportFrom),
    // The wait itself, so the page can say why it waits (reportBuyerProblem below).
    reportWaitMinutes: defaultWindows.payinBuyerReportAfterMs / 60_000,
    reportRulingHours: disputeSlas.buyer_reports_problem.rulingHours,
    // The buyer's own report echoed back and when to expect an answer (server/checkout/buyer-dispute-view.ts).
    dispute: await buyerDisputeOf(db, order),
    returnUrl: order.returnUrl,
    cancelledBy: await cancelledByOf(db, order),
    // What an operator's ruling did, in CNY: a split is not "payment complete" (server/payins/payin-ruling.ts).
    ruling: buyerRulingOf(order),
    // Receipt screenshots the buyer may attach from "I Have Paid" on (server/checkout/buyer-receipts.ts).
    receipts: receiptsOpen ? { attached: receiptsAttached, remaining: Math.max(0, MAX_EVIDENCE_IMAGES - receiptsAttached) } : null,
    serverTime: isoMs(now),
  };
}

export type CheckoutView = Awaited<ReturnType<typeof checkoutView>>;

interface SubmitBuyerPaymentOptions {
  token: string;
  now?: Date;
  payerName?: string;
}

/**
 * "I Have Paid": PENDING_PAYMENT -> PAYMENT_SUBMITTED. A second click is refused, not repeated. The
 * name on the buyer's bank account, when the merchant asks for it, is stored encrypted (purpose
 * card) and shown only to the pay-in's trader (docs/security.md).
 */
export async function submitBuyerPayment(db: Db, { token, now = new Date(), ...options }: SubmitBuyerPaymentOptions) {
  const order = await payinByToken(db, token);
  if (order.expiresAt.getTime() <= now.getTime() && order.status === 'PENDING_PAYMENT') {
    throw new DomainError('INVALID_ORDER_STATE', 'This payment has expired.', { meta: { status: 'CANCELLED' } });
  }
  const outcome = await retryTransaction(db, (tx) =>
    applyPayinTransition(tx, {
      orderId: order.id,
      action: 'submit_payment',
      actor: { type: 'buyer' },
      now,
      set: () => ({
        paymentSubmittedAt: now,
        ...(options.payerName
          ? { payerName: encryptField(keyring(), 'card', options.payerName, { table: 'payin_orders', id: order.id, field: 'payer_name' }) }
          : {}),
      }),
      eventData: payinDetailView,
    }),
  );
  // A bank notification that came first may release it now (docs/trader-guide.md, "Automatic confirmation").
  await releaseHeldMatches(db, { orderId: order.id, now });
  return outcome;
}

/** The buyer cancels before paying; any escrow goes back to the trader. */
export async function cancelByBuyer(db: Db, token: string, now = new Date()) {
  const order = await payinByToken(db, token);
  return retryTransaction(db, (tx) =>
    applyPayinTransition(tx, {
      orderId: order.id,
      action: 'buyer_cancel',
      actor: { type: 'buyer' },
      now,
      set: () => ({ cancelledAt: now }),
      eventData: payinDetailView,
    }),
  );
}

interface ReportBuyerProblemOptions {
  token: string;
  report: { kind: BuyerReportKind; message: string };
  now?: Date;
}

/**
 * The buyer reports a problem: PAYMENT_SUBMITTED -> DISPUTED for an operator. A mistake the buyer
 * knows of (a different amount, other details) may be reported at once; "the payee has not
 * confirmed" only once 15 minutes have passed since "I Have Paid". That wait is in the buyer's own
 * interest and the checkout says so: a transfer can take minutes to show and the trader usually
 * confirms within them, while a report stops the trader's confirmation and hands the order to an
 * operator, who has up to 8 hours to rule (docs/operator-guide.md, "Due-by times").
 */
export async function reportBuyerProblem(db: Db, { token, report, now = new Date() }: ReportBuyerProblemOptions) {
  const order = await payinByToken(db, token);
  const { kind } = report;
  const message = report.message.trim();
  const from = order.paymentSubmittedAt ? order.paymentSubmittedAt.getTime() + defaultWindows.payinBuyerReportAfterMs : null;
  if (waitsAfterPaying(kind) && order.status === 'PAYMENT_SUBMITTED' && from !== null && now.getTime() < from) {
    throw new DomainError(
      'TRANSITION_NOT_DUE',
      `You can report that the payee has not confirmed from ${new Date(from).toISOString()}, 15 minutes after paying: the payee usually confirms by then, and a report hands the payment to an operator, which takes longer.`,
      { meta: { reportFrom: new Date(from).toISOString() } },
    );
  }
  return retryTransaction(db, (tx) =>
    applyPayinTransition(tx, {
      orderId: order.id,
      action: 'dispute',
      actor: { type: 'buyer' },
      now,
      context: { reason: message },
      // Operators read the kind in the timeline; the buyer's own words are the dispute's reason.
      note: `${buyerReportKindLabel[kind]}: ${message}`,
      set: () => ({ disputeReason: message, buyerReportKind: kind, disputedAt: now }),
      eventData: payinDetailView,
    }),
  );
}
