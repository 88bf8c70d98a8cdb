'use client';

import { formatTime } from './format';
import { useMessages } from './messages-context';
import { OrderSummary } from './order-summary';
import { ReceiptUpload } from './receipt-upload';
import { ReportProblemForm } from './report-problem-form';
import { ScreenHeading } from './screen-heading';
import { Spinner } from './spinner';
import type { CheckoutView } from './types';

/** PAYMENT_SUBMITTED: waiting for the trader; after a while the buyer may report a problem. */
export function SubmittedScreen({ token, view, now }: { token: string; view: CheckoutView; now: number | null }) {
  const { t, lang } = useMessages();
  const reportFrom = view.canReportProblemFrom;
  const canReport = reportFrom !== null && now !== null && now >= Date.parse(reportFrom);
  return (
    <>
      <ScreenHeading>{t.submittedHeading}</ScreenHeading>
      <div className="checkout-waiting">
        <Spinner />
        <p>{t.submittedText}</p>
      </div>
      {view.receipts ? <ReceiptUpload token={token} receipts={view.receipts} /> : null}
      {canReport ? <ReportProblemForm token={token} hasReceipts={(view.receipts?.attached ?? 0) > 0} /> : null}
      {!canReport && reportFrom ? <p className="checkout-muted">{t.reportAvailableFrom(formatTime(reportFrom, lang))}</p> : null}
      <OrderSummary view={view} />
    </>
  );
}
