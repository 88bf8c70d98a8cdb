'use client';

import { useMessages } from './messages-context';
import { OrderSummary } from './order-summary';
import { ReceiptUpload } from './receipt-upload';
import { ReportOpens } from './report-opens';
import { ReportProblemForm } from './report-problem-form';
import { ScreenHeading } from './screen-heading';
import { Spinner } from './spinner';
import type { CheckoutView } from './types';

/** PAYMENT_SUBMITTED: waiting for the trader; after a while, counted down, the buyer may report a problem. */
export function SubmittedScreen({ token, view, now }: { token: string; view: CheckoutView; now: number | null }) {
  const { t } = useMessages();
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
      {!canReport && reportFrom ? <ReportOpens from={reportFrom} now={now} waitMinutes={view.reportWaitMinutes} rulingHours={view.reportRulingHours} /> : null}
      <OrderSummary view={view} />
    </>
  );
}
