'use client';

import { formatRemaining } from './format';
import { useTraderMessages } from './messages-context';

/** Time left until `dueAt` on the server's clock; marked once under 5 minutes or passed. */
export function Countdown({ label, dueAt, now }: { label: string; dueAt: string; now: number | null }) {
  const { t } = useTraderMessages();
  if (now === null) return null;
  const remaining = Date.parse(dueAt) - now;
  const state = remaining <= 0 ? ' is-overdue' : remaining <= 5 * 60_000 ? ' is-warning' : '';
  return (
    <p className={`trader-countdown${state}`}>
      <span>{label}</span>{' '}
      <span role="timer" aria-label={label} className="trader-mono">
        {remaining <= 0 ? t.common.passed : formatRemaining(remaining)}
      </span>
    </p>
  );
}
