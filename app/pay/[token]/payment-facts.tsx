'use client';

import { useId } from 'react';
import { formatUsdt } from './format';
import { useMessages } from './messages-context';
import type { CheckoutView } from './types';

/**
 * The one line about USDT a buyer paying CNY may want, then the rate and the merchant's fee behind
 * a disclosure: jargon only for whoever asks for it.
 */
export function PaymentFacts({ view, showFee = false }: { view: CheckoutView; showFee?: boolean }) {
  const { t } = useMessages();
  const headingId = useId();
  return (
    <div className="checkout-payment-facts">
      <p>
        {t.merchantReceives(view.merchantName)}: <strong>{formatUsdt(view.assetAmount)} USDT</strong>
      </p>
      <details>
        <summary id={headingId}>{t.moreDetails}</summary>
        <dl aria-labelledby={headingId}>
          <div>
            <dt>{t.rate}</dt>
            <dd>{t.rateValue(view.fxRate)}</dd>
          </div>
          {showFee ? (
            <div>
              <dt>{t.fee}</dt>
              <dd>{formatUsdt(view.feeAmount)} USDT</dd>
            </div>
          ) : null}
        </dl>
      </details>
    </div>
  );
}
