'use client';

import { useId } from 'react';
import { BackLink } from './back-link';
import { formatCny, formatDateTime } from './format';
import { useMessages } from './messages-context';
import { ScreenHeading } from './screen-heading';
import type { CheckoutView } from './types';

type Split = Extract<NonNullable<CheckoutView['ruling']>, { outcome: 'split' }>;

/**
 * A pay-in an operator split: not "payment complete". What the ruling counted as paid and what it
 * did not, in CNY only (a buyer paying CNY is never shown USDT), and whom to ask about the rest.
 */
export function SplitRulingScreen({ view, split }: { view: CheckoutView; split: Split }) {
  const { t, lang, timeZone } = useMessages();
  const headingId = useId();
  const counted = formatCny(split.countedFiatAmount);
  const whole = formatCny(split.orderFiatAmount);
  const rest = formatCny(split.notCountedFiatAmount);
  return (
    <>
      <div className="checkout-outcome is-review" data-testid="split-outcome">
        <span className="checkout-outcome-icon" aria-hidden="true">
          !
        </span>
        <ScreenHeading>{t.splitHeading}</ScreenHeading>
        <p>{t.splitText(view.merchantName, counted, whole)}</p>
        <p>{t.splitRest(rest, view.merchantName)}</p>
      </div>
      <section className="checkout-summary" aria-labelledby={headingId}>
        <h2 id={headingId}>{t.detailsHeading}</h2>
        <dl>
          <div>
            <dt>{t.orderAmount}</dt>
            <dd>{whole}</dd>
          </div>
          <div>
            <dt>{t.countedAmount}</dt>
            <dd>{counted}</dd>
          </div>
          <div>
            <dt>{t.notCountedAmount}</dt>
            <dd>{rest}</dd>
          </div>
          {view.completedAt ? (
            <div>
              <dt>{t.completedAt}</dt>
              <dd>{formatDateTime(view.completedAt, lang, timeZone)}</dd>
            </div>
          ) : null}
        </dl>
      </section>
      <BackLink view={view} primary />
    </>
  );
}
