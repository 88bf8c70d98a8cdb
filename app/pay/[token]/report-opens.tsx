'use client';

import { useId } from 'react';
import { formatClock, formatTime } from './format';
import { useMessages } from './messages-context';

/**
 * Before the buyer may report that the payee has not confirmed: when that opens, a countdown to it,
 * and why there is a wait at all (server/checkout/checkout.ts, reportBuyerProblem).
 */
export function ReportOpens({ id, from, now, waitMinutes, rulingHours }: { id: string; from: string; now: number | null; waitMinutes: number; rulingHours: number }) {
  const { t, lang, timeZone } = useMessages();
  const labelId = useId();
  return (
    <div id={id} className="checkout-report-opens">
      <p className="checkout-countdown">
        <span id={labelId}>{t.reportOpensIn}</span>
        {now !== null ? (
          <span role="timer" aria-labelledby={labelId} className="checkout-countdown-clock">
            {formatClock(Date.parse(from) - now)}
          </span>
        ) : null}
      </p>
      <p>{t.reportOpensAt(formatTime(from, lang, timeZone))}</p>
      <p className="checkout-muted">{t.reportWhy(waitMinutes, rulingHours)}</p>
    </div>
  );
}
