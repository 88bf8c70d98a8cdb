'use client';

import { useId } from 'react';
import { formatCny, formatDateTime } from './format';
import { useMessages } from './messages-context';
import type { CheckoutView } from './types';

/** The order's figures, exactly as the server spelled them. */
export function OrderSummary({ view, showFee = false }: { view: CheckoutView; showFee?: boolean }) {
  const { t, lang } = useMessages();
  const headingId = useId();
  return (
    <section className="checkout-summary" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.detailsHeading}</h2>
      <dl>
        <div>
          <dt>{t.amountPaid}</dt>
          <dd>{formatCny(view.fiatAmount)}</dd>
        </div>
        <div>
          <dt>{t.usdtAmount}</dt>
          <dd>
            {view.assetAmount} {view.assetSymbol}
          </dd>
        </div>
        <div>
          <dt>{t.rate}</dt>
          <dd>{t.rateValue(view.fxRate)}</dd>
        </div>
        {view.bank ? (
          <div>
            <dt>{t.bankHeading}</dt>
            <dd>
              {view.bank.holderName}, {view.bank.bankName}
            </dd>
          </div>
        ) : null}
        {showFee ? (
          <div>
            <dt>{t.fee}</dt>
            <dd>
              {view.feeAmount} {view.assetSymbol}
            </dd>
          </div>
        ) : null}
        {view.paymentSubmittedAt ? (
          <div>
            <dt>{t.paidAt}</dt>
            <dd>{formatDateTime(view.paymentSubmittedAt, lang)}</dd>
          </div>
        ) : null}
        {view.completedAt ? (
          <div>
            <dt>{t.completedAt}</dt>
            <dd>{formatDateTime(view.completedAt, lang)}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
