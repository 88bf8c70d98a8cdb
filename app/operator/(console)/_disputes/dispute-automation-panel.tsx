'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ConfirmDialog } from '../../../_components/console/confirm-dialog';
import { ErrorLine, FieldError } from '../../../_components/console/error-line';
import { formatAge, formatTime } from '../../../_components/console/format';
import { useOperatorLang } from '../../_components/messages-context';
import { labelOf } from '../../../_components/order-labels';
import { disputesMessages } from './disputes-messages';

/** The current time, moving every 30 s: enough for a countdown in minutes. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * What the dispute waits for from whom, with a countdown, and its automatic rulings with the stop
 * action for a pending one (docs/operator-guide.md, "Deadlines" and "Automatic rulings").
 */
export function DisputeAutomationPanel({ flow, orderId }: { flow: 'payout' | 'payin'; orderId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const lang = useOperatorLang();
  const t = disputesMessages[lang].automation;
  const ref = { flow, orderId };
  const process = useQuery(trpc.operator.disputeProcess.get.queryOptions(ref));
  const now = useNow();
  const [reason, setReason] = useState('');
  const [stopping, setStopping] = useState<string | null>(null);
  const ids = { reason: useId(), reasonError: useId() };
  const stop = useMutation(
    trpc.operator.disputeProcess.stopAutoRuling.mutationOptions({
      onSuccess: () => {
        setReason('');
        return queryClient.invalidateQueries({ queryKey: trpc.operator.disputeProcess.get.queryKey(ref) });
      },
    }),
  );
  if (!process.data) return process.isError ? <ErrorLine error={process.error} /> : null;
  const { deadlines, autoRulings } = process.data;
  const pending = autoRulings.find((item) => item.status === 'pending');

  return (
    <section aria-labelledby="automation-heading">
      <h2 id="automation-heading">{t.deadlines}</h2>
      {deadlines.length === 0 ? (
        <p className="console-empty">{t.noDeadlines}</p>
      ) : (
        <ul aria-label={t.deadlines}>
          {deadlines.map((item, index) => {
            const seconds = Math.floor((Date.parse(item.dueAt) - now) / 1000);
            return (
              <li key={`${item.party}-${item.kind}-${index}`} data-testid="dispute-deadline">
                <strong>{labelOf(t.parties, item.party)}</strong> · {labelOf(t.kinds, item.kind)} · {t.due(formatTime(item.dueAt))} · {labelOf(t.states, item.state)}
                {item.overdue ? <> <span className="tag is-danger">{t.overdue}</span></> : item.state === 'open' && seconds > 0 ? <> · {t.left(formatAge(seconds, lang))}</> : null}
              </li>
            );
          })}
        </ul>
      )}
      {autoRulings.length > 0 ? (
        <>
          <h3>{t.autoRulings}</h3>
          <ul aria-label={t.autoRulings}>
            {autoRulings.map((item) => (
              <li key={item.id} data-testid="auto-ruling">
                <strong>{labelOf(t.rulings, item.ruling)}</strong> · <span className="mono">{item.reasonCode}</span> · {labelOf(t.statuses, item.status)}
                {item.status === 'pending' ? <> · {t.appliesAt(formatTime(item.applyAt))}</> : null}
                <div>{item.note}</div>
                {item.outcomeNote ? <div>“{item.outcomeNote}”</div> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {pending ? (
        <form
          className="console-form"
          aria-label={t.stop}
          onSubmit={(event) => {
            event.preventDefault();
            stop.reset();
            setStopping(pending.id);
          }}
        >
          <label htmlFor={ids.reason}>{t.reason}</label>
          <input id={ids.reason} type="text" maxLength={500} required value={reason} aria-describedby={ids.reasonError} onChange={(event) => setReason(event.target.value)} />
          <FieldError error={stop.error} path="reason" id={ids.reasonError} />
          <div className="button-row">
            <button type="submit" className="button is-danger" disabled={stop.isPending}>
              {t.stop}
            </button>
          </div>
          <ErrorLine error={stop.error} labels={{ reason: t.reason }} />
          <ConfirmDialog
            open={stopping !== null}
            title={t.confirmTitle}
            consequence={t.confirmConsequence}
            confirmLabel={t.confirmLabel}
            onCancel={() => setStopping(null)}
            onConfirm={() => {
              const id = stopping;
              setStopping(null);
              if (id) stop.mutate({ autoRulingId: id, reason });
            }}
          />
        </form>
      ) : null}
    </section>
  );
}
