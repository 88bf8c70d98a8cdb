'use client';

import { BackLink } from './back-link';
import { useMessages } from './messages-context';
import { OrderSummary } from './order-summary';
import { ScreenHeading } from './screen-heading';
import type { CheckoutView } from './types';

export function CompletedScreen({ view }: { view: CheckoutView }) {
  const { t } = useMessages();
  return (
    <>
      <div className="checkout-outcome is-success">
        <span className="checkout-outcome-icon" aria-hidden="true">
          ✓
        </span>
        <ScreenHeading>{t.completedHeading}</ScreenHeading>
        <p>{t.completedText(view.merchantName)}</p>
      </div>
      <OrderSummary view={view} />
      <BackLink view={view} primary />
    </>
  );
}
