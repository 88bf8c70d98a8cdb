'use client';

import { useId } from 'react';
import { formatDateTime, formatTime } from './format';
import { useMessages } from './messages-context';
import { OrderSummary } from './order-summary';
import { ReceiptUpload } from './receipt-upload';
import { ScreenHeading } from './screen-heading';
import type { CheckoutView } from './types';

/**
 * DISPUTED: the buyer's own report echoed back (or that the payee reported the money missing) and
 * when to expect an answer, from the due-by times operators work to (docs/operator-guide.md).
 */
export function DisputedScreen({ token, view }: { token: string; view: CheckoutView }) {
  const { t, lang, timeZone } = useMessages();
  const dispute = view.dispute;
  const ids = { report: useId(), answer: useId() };
  return (
    <>
      <div className="checkout-outcome is-review">
        <span className="checkout-outcome-icon" aria-hidden="true">
          !
        </span>
        <ScreenHeading>{t.disputedHeading}</ScreenHeading>
        <p>{t.disputedText}</p>
      </div>
      {dispute?.openedBy === 'buyer' && dispute.report ? (
        <section className="checkout-dispute-echo" aria-labelledby={ids.report}>
          <h2 id={ids.report}>{t.yourReportHeading}</h2>
          {dispute.reportKind ? <p className="checkout-report-kind">{t.reportKinds[dispute.reportKind]}</p> : null}
          <blockquote translate="no">{dispute.report}</blockquote>
          <p className="checkout-muted">{t.yourReportSent(formatTime(dispute.reportedAt, lang, timeZone))}</p>
        </section>
      ) : dispute ? (
        <p>{t.payeeReported(formatTime(dispute.reportedAt, lang, timeZone))}</p>
      ) : null}
      {dispute ? (
        <section className="checkout-dispute-echo" aria-labelledby={ids.answer}>
          <h2 id={ids.answer}>{t.answerHeading}</h2>
          <p>
            {dispute.takenUp
              ? t.answerTakenUp(formatDateTime(dispute.decidedBy, lang, timeZone))
              : t.answerNotTakenUp(formatTime(dispute.takenUpBy, lang, timeZone), dispute.firstResponseHours, formatDateTime(dispute.decidedBy, lang, timeZone), dispute.rulingHours)}
          </p>
        </section>
      ) : null}
      <p>{t.disputedKeepReceipt}</p>
      {view.receipts ? <ReceiptUpload token={token} receipts={view.receipts} /> : null}
      <OrderSummary view={view} />
    </>
  );
}
