'use client';

import { useMessages } from './messages-context';
import { OrderSummary } from './order-summary';
import { ReceiptUpload } from './receipt-upload';
import { ScreenHeading } from './screen-heading';
import type { CheckoutView } from './types';

export function DisputedScreen({ token, view }: { token: string; view: CheckoutView }) {
  const { t } = useMessages();
  return (
    <>
      <div className="checkout-outcome is-review">
        <span className="checkout-outcome-icon" aria-hidden="true">
          !
        </span>
        <ScreenHeading>{t.disputedHeading}</ScreenHeading>
        <p>{t.disputedText}</p>
      </div>
      <p>{t.disputedKeepReceipt}</p>
      {view.receipts ? <ReceiptUpload token={token} receipts={view.receipts} /> : null}
      <OrderSummary view={view} />
    </>
  );
}
