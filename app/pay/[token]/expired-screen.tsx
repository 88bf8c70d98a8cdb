'use client';

import { BackLink } from './back-link';
import { useMessages } from './messages-context';
import { ScreenHeading } from './screen-heading';
import type { CheckoutView } from './types';

/** CANCELLED, or the deadline passed before the server has cancelled the order: who ended it, in plain words. */
export function ExpiredScreen({ view }: { view: CheckoutView }) {
  const { t } = useMessages();
  const heading =
    view.cancelledBy === 'buyer' ? t.cancelledByYouHeading : view.cancelledBy === 'merchant' ? t.cancelledByMerchantHeading(view.merchantName) : t.expiredHeading;
  return (
    <>
      <div className="checkout-outcome is-stopped">
        <span className="checkout-outcome-icon" aria-hidden="true">
          ✕
        </span>
        <ScreenHeading>{heading}</ScreenHeading>
        <p>
          <strong>{t.expiredText}</strong>
        </p>
      </div>
      <p>{t.expiredPaidAnyway}</p>
      <BackLink view={view} />
    </>
  );
}
