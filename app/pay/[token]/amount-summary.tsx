'use client';

import { useId } from 'react';
import { CopyButton } from './copy-button';
import { formatCny } from './format';
import { useMessages } from './messages-context';
import type { CheckoutView } from './types';

/** What the buyer transfers, biggest on the page; what it buys and at what rate is further down. */
export function AmountSummary({ view }: { view: CheckoutView }) {
  const { t } = useMessages();
  const labelId = useId();
  const valueId = useId();
  return (
    <div className="checkout-amount" role="group" aria-labelledby={labelId}>
      <p id={labelId} className="checkout-label">
        {t.amountToPay}
      </p>
      <p className="checkout-amount-line">
        <span id={valueId} className="checkout-amount-value">
          {formatCny(view.fiatAmount)}
        </span>
        <CopyButton value={view.fiatAmount} name={t.amountName} targetId={valueId} />
      </p>
    </div>
  );
}
