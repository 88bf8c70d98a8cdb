'use client';

import { useId } from 'react';
import { formatClock, formatTime } from './format';
import { useMessages } from './messages-context';

/**
 * Before the buyer may report a problem: when the form opens, a countdown to it, and why there is a
 * wait at all (server/payins/checkout.ts, reportBuyerProblem), so nobody is left guessing.
 */
export function ReportOpens({ from, now, waitMinutes, rulingHours }: { from: string; now: number | null; waitMinutes: number; rulingHours: number }) {
  const { t, lang } = useMessages();
  const labelId = useId();
  return (
    <section className="checkout-report-opens" aria-labelledby={labelId}>
      <p className="checkout-countdown">
        <span id={labelId}>{t.reportOpensIn}</span>
        {now !== null ? (
          <span role="timer" aria-labelledby={labelId} className="checkout-countdown-clock">
            {formatClock(Date.parse(from) - now)}
          </span>
        ) : null}
      </p>
      <p>{t.reportOpensAt(formatTime(from, lang))}</p>
      <p className="checkout-muted">{t.reportWhy(waitMinutes, rulingHours)}</p>
    </section>
  );
}
