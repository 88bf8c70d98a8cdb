'use client';

import { Countdown } from './countdown';
import { useMessages } from './messages-context';
import { PaymentActions } from './payment-actions';
import { ScreenHeading } from './screen-heading';
import { Spinner } from './spinner';
import type { CheckoutView } from './types';

/** PENDING_MATCH: no trader yet, so no bank details; the deadline already runs. */
export function MatchingScreen({ token, view, remainingMs }: { token: string; view: CheckoutView; remainingMs: number }) {
  const { t } = useMessages();
  return (
    <>
      <ScreenHeading>{t.matchingHeading}</ScreenHeading>
      <div className="checkout-waiting">
        <Spinner />
        <p>{t.matchingText}</p>
      </div>
      <Countdown remainingMs={remainingMs} />
      <PaymentActions token={token} view={view} bank={null} />
    </>
  );
}
