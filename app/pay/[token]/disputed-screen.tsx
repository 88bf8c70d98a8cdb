'use client';

import { useMessages } from './messages-context';
import { OrderSummary } from './order-summary';
import { ScreenHeading } from './screen-heading';
import type { CheckoutView } from './types';

export function DisputedScreen({ view }: { view: CheckoutView }) {
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
      <OrderSummary view={view} />
    </>
  );
}
