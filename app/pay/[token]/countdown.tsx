'use client';

import { useEffect, useId } from 'react';
import { useAnnounce } from './announcer';
import { formatClock } from './format';
import { useMessages } from './messages-context';

/** Minutes left at which a screen reader user hears the time, since a ticking timer is silent. */
const ANNOUNCE_AT_MINUTES = [5, 1];

export function Countdown({ remainingMs }: { remainingMs: number }) {
  const { t } = useMessages();
  const announce = useAnnounce();
  const labelId = useId();
  const minutesLeft = Math.ceil(Math.max(0, remainingMs) / 60_000);
  const warn = remainingMs <= 5 * 60_000;

  useEffect(() => {
    if (ANNOUNCE_AT_MINUTES.includes(minutesLeft)) announce(t.minutesLeft(minutesLeft));
    // Only the crossing into a new minute is news; a language switch is not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [minutesLeft, announce]);

  return (
    <p className={`checkout-countdown${warn ? ' is-warning' : ''}`}>
      <span id={labelId}>{t.timeLeft}</span>
      <span role="timer" aria-labelledby={labelId} className="checkout-countdown-clock">
        {formatClock(remainingMs)}
      </span>
    </p>
  );
}
