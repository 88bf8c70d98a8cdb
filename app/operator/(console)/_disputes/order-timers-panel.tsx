'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ConfirmDialog } from '../../../_components/console/confirm-dialog';
import { ErrorLine, FieldError } from '../../../_components/console/error-line';
import { formatAge, formatTime } from '../../../_components/console/format';

const kindLabel: Record<string, string> = {
  pause: 'Paused (dispute opened)',
  resume: 'Resumed',
  extend: 'Extended',
  outage_catch_up: 'Outage catch-up',
};

const MAX_MINUTES = 24 * 60;

/**
 * The order's clock (docs/operator-guide.md, "Timers"): paused while disputed, else the deadline
 * running in its state, which an operator may extend by 1 minute to 24 hours with a reason after a
 * confirmation naming the new deadline; and every pause, resume, extension and catch-up so far.
 */
export function OrderTimersPanel({ flow, orderId }: { flow: 'payout' | 'payin'; orderId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ref = { flow, orderId };
  const process = useQuery(trpc.operator.disputeProcess.get.queryOptions(ref));
  const [minutes, setMinutes] = useState('30');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const ids = { minutes: useId(), reason: useId(), minutesError: useId(), reasonError: useId() };
  const extend = useMutation(
    trpc.operator.disputeProcess.extendDeadline.mutationOptions({
      onSuccess: () => {
        setReason('');
        return queryClient.invalidateQueries({ queryKey: trpc.operator.disputeProcess.get.queryKey(ref) });
      },
    }),
  );
  if (!process.data) return process.isError ? <ErrorLine error={process.error} /> : null;
  const { deadline, timersPausedAt, adjustments } = process.data;
  const count = Number(minutes);
  const valid = Number.isInteger(count) && count >= 1 && count <= MAX_MINUTES;
  const newDueAt = deadline && valid ? new Date(new Date(deadline.dueAt).getTime() + count * 60_000).toISOString() : null;

  return (
    <section aria-labelledby="timers-heading">
      <h2 id="timers-heading">Timers</h2>
      {timersPausedAt ? (
        <p role="status">
          <span className="tag is-warning">Paused</span> Deadlines paused since {formatTime(timersPausedAt)}: the dispute stops the order’s clock.
        </p>
      ) : deadline ? (
        <p>
          <span className="mono">{deadline.timer}</span> is due {formatTime(deadline.dueAt)}.
        </p>
      ) : (
        <p className="console-empty">No deadline runs in this state.</p>
      )}
      {deadline ? (
        <form
          className="console-form"
          aria-label="Extend the deadline"
          onSubmit={(event) => {
            event.preventDefault();
            extend.reset();
            setConfirming(true);
          }}
        >
          <label htmlFor={ids.minutes}>Extend by (minutes, 1 to {MAX_MINUTES})</label>
          <input id={ids.minutes} type="number" min={1} max={MAX_MINUTES} step={1} required value={minutes} aria-describedby={ids.minutesError} onChange={(event) => setMinutes(event.target.value)} />
          <FieldError error={extend.error} path="minutes" id={ids.minutesError} />
          <label htmlFor={ids.reason}>Reason (required)</label>
          <input id={ids.reason} type="text" maxLength={500} required value={reason} aria-describedby={ids.reasonError} onChange={(event) => setReason(event.target.value)} />
          <FieldError error={extend.error} path="reason" id={ids.reasonError} />
          <div className="button-row">
            <button type="submit" className="button" disabled={extend.isPending || !valid}>
              Extend deadline…
            </button>
          </div>
          <ErrorLine error={extend.error} />
          <ConfirmDialog
            open={confirming}
            title={`Extend ${deadline.timer}?`}
            consequence={`It moves from ${formatTime(deadline.dueAt)} to ${formatTime(newDueAt)} (${valid ? formatAge(count * 60) : '—'} more), recorded with your reason.`}
            confirmLabel={`Extend to ${formatTime(newDueAt)}`}
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false);
              extend.mutate({ flow, orderId, minutes: count, reason });
            }}
          />
        </form>
      ) : null}
      {adjustments.length > 0 ? (
        <ul aria-label="Changes to the deadlines">
          {adjustments.map((item) => (
            <li key={item.id}>
              <time dateTime={item.at}>{formatTime(item.at)}</time> · <strong>{kindLabel[item.kind] ?? item.kind}</strong>
              {item.timer ? <> · <span className="mono">{item.timer}</span> +{formatAge(item.seconds)}</> : item.kind === 'resume' && item.seconds > 0 ? ` after ${formatAge(item.seconds)}` : ''}
              {item.actorName ? ` · by ${item.actorName}` : ` · by the ${item.actorType}`}
              {item.reason ? <div>“{item.reason}”</div> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
