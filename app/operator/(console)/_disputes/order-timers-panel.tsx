'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ConfirmDialog } from '../../../_components/console/confirm-dialog';
import { ErrorLine, FieldError } from '../../../_components/console/error-line';
import { formatAge, formatTime } from '../../../_components/console/format';
import { useOperatorLang } from '../../_components/messages-context';
import { labelOf, orderLabels } from '../../../_components/order-labels';
import { disputesMessages } from './disputes-messages';

const MAX_MINUTES = 24 * 60;

/**
 * The order's clock (docs/operator-guide.md, "Timers"): paused while disputed, else the deadline
 * running in its state, which an operator may extend by 1 minute to 24 hours with a reason after a
 * confirmation naming the new deadline; and every pause, resume, extension and catch-up so far.
 */
export function OrderTimersPanel({ flow, orderId }: { flow: 'payout' | 'payin'; orderId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const lang = useOperatorLang();
  const t = disputesMessages[lang].timers;
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
      <h2 id="timers-heading">{t.heading}</h2>
      {timersPausedAt ? (
        <p role="status">
          <span className="tag is-warning">{t.paused}</span> {t.pausedSince(formatTime(timersPausedAt))}
        </p>
      ) : deadline ? (
        <p>
          <span className="mono">{deadline.timer}</span> {t.isDue(formatTime(deadline.dueAt))}
        </p>
      ) : (
        <p className="console-empty">{t.none}</p>
      )}
      {deadline ? (
        <form
          className="console-form"
          aria-label={t.form}
          onSubmit={(event) => {
            event.preventDefault();
            extend.reset();
            setConfirming(true);
          }}
        >
          <label htmlFor={ids.minutes}>{t.minutes(MAX_MINUTES)}</label>
          <input id={ids.minutes} type="number" min={1} max={MAX_MINUTES} step={1} required value={minutes} aria-describedby={ids.minutesError} onChange={(event) => setMinutes(event.target.value)} />
          <FieldError error={extend.error} path="minutes" id={ids.minutesError} />
          <label htmlFor={ids.reason}>{t.reason}</label>
          <input id={ids.reason} type="text" maxLength={500} required value={reason} aria-describedby={ids.reasonError} onChange={(event) => setReason(event.target.value)} />
          <FieldError error={extend.error} path="reason" id={ids.reasonError} />
          <div className="button-row">
            <button type="submit" className="button" disabled={extend.isPending || !valid}>
              {t.extend}
            </button>
          </div>
          <ErrorLine error={extend.error} labels={{ minutes: t.minutes(MAX_MINUTES), reason: t.reason }} />
          <ConfirmDialog
            open={confirming}
            title={t.confirmTitle(deadline.timer)}
            consequence={t.confirmConsequence(formatTime(deadline.dueAt), formatTime(newDueAt), valid ? formatAge(count * 60, lang) : '—')}
            confirmLabel={t.confirmLabel(formatTime(newDueAt))}
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false);
              extend.mutate({ flow, orderId, minutes: count, reason });
            }}
          />
        </form>
      ) : null}
      {adjustments.length > 0 ? (
        <ul aria-label={t.changes}>
          {adjustments.map((item) => (
            <li key={item.id}>
              <time dateTime={item.at}>{formatTime(item.at)}</time> · <strong>{labelOf(t.kinds, item.kind)}</strong>
              {item.timer ? <> · <span className="mono">{item.timer}</span> +{formatAge(item.seconds, lang)}</> : item.kind === 'resume' && item.seconds > 0 ? t.after(formatAge(item.seconds, lang)) : ''}
              {item.actorName ? t.by(item.actorName) : t.byThe(labelOf(orderLabels[lang].actor, item.actorType))}
              {item.reason ? <div>“{item.reason}”</div> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
