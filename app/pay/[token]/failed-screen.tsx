'use client';

import { BackLink } from './back-link';
import { useMessages } from './messages-context';
import { ScreenHeading } from './screen-heading';
import type { CheckoutView } from './types';

export function FailedScreen({ view }: { view: CheckoutView }) {
  const { t } = useMessages();
  return (
    <>
      <div className="checkout-outcome is-stopped">
        <span className="checkout-outcome-icon" aria-hidden="true">
          ✕
        </span>
        <ScreenHeading>{t.failedHeading}</ScreenHeading>
        {view.ruling?.outcome === 'failed' ? <p>{t.ruledFailedText}</p> : null}
        <p>{t.failedText}</p>
      </div>
      <BackLink view={view} />
    </>
  );
}
