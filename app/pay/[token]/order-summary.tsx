'use client';

import { useId } from 'react';
import { formatCny, formatDateTime } from './format';
import { useMessages } from './messages-context';
import type { CheckoutView } from './types';

/** The order's figures, exactly as the server spelled them: in CNY only, the currency the buyer paid in. */
export function OrderSummary({ view }: { view: CheckoutView }) {
  const { t, lang, timeZone } = useMessages();
  const headingId = useId();
  return (
    <section className="checkout-summary" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.detailsHeading}</h2>
      <dl>
        <div>
          <dt>{t.amountPaid}</dt>
          <dd>{formatCny(view.fiatAmount)}</dd>
        </div>
        {view.bank ? (
          <div>
            <dt>{t.bankHeading}</dt>
            <dd>
              {view.bank.holderName}, {view.bank.bankName}
            </dd>
          </div>
        ) : null}
        {view.buyerReference ? (
          <div>
            <dt>{t.referenceLabel}</dt>
            <dd className="checkout-mono">{view.buyerReference}</dd>
          </div>
        ) : null}
        {view.paymentSubmittedAt ? (
          <div>
            <dt>{t.paidAt}</dt>
            <dd>{formatDateTime(view.paymentSubmittedAt, lang, timeZone)}</dd>
          </div>
        ) : null}
        {view.completedAt ? (
          <div>
            <dt>{t.completedAt}</dt>
            <dd>{formatDateTime(view.completedAt, lang, timeZone)}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
