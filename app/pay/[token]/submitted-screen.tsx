'use client';

import { useMessages } from './messages-context';
import { OrderSummary } from './order-summary';
import { ReceiptUpload } from './receipt-upload';
import { ReportProblemForm } from './report-problem-form';
import { ScreenHeading } from './screen-heading';
import { Spinner } from './spinner';
import type { CheckoutView } from './types';

/** PAYMENT_SUBMITTED: waiting for the trader; the buyer may report a mistake at once, or, after a counted-down wait, that the trader has not confirmed. */
export function SubmittedScreen({ token, view, now }: { token: string; view: CheckoutView; now: number | null }) {
  const { t } = useMessages();
  return (
    <>
      <ScreenHeading>{t.submittedHeading}</ScreenHeading>
      <div className="checkout-waiting">
        <Spinner />
        <p>{t.submittedText}</p>
      </div>
      {view.receipts ? <ReceiptUpload token={token} receipts={view.receipts} /> : null}
      <ReportProblemForm
        token={token}
        hasReceipts={(view.receipts?.attached ?? 0) > 0}
        reportFrom={view.canReportProblemFrom}
        now={now}
        waitMinutes={view.reportWaitMinutes}
        rulingHours={view.reportRulingHours}
      />
      <OrderSummary view={view} />
    </>
  );
}
