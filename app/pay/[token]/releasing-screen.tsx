'use client';

import { useMessages } from './messages-context';
import { OrderSummary } from './order-summary';
import { ScreenHeading } from './screen-heading';
import { Spinner } from './spinner';
import type { CheckoutView } from './types';

/** PENDING_RELEASE and SETTLING: the trader confirmed; the ledger is finishing. */
export function ReleasingScreen({ view }: { view: CheckoutView }) {
  const { t } = useMessages();
  return (
    <>
      <ScreenHeading>{view.status === 'SETTLING' ? t.settlingHeading : t.releaseHeading}</ScreenHeading>
      <div className="checkout-waiting">
        <Spinner />
        <p>{t.releaseText}</p>
      </div>
      <OrderSummary view={view} />
    </>
  );
}
