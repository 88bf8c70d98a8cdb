'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ConfirmButton } from '../../../_components/console/confirm-dialog';
import { ErrorLine, FieldError } from '../../../_components/console/error-line';
import { formatTime } from '../../../_components/console/format';
import { useOperatorLang } from '../../_components/messages-context';
import { labelOf, orderLabels } from '../../../_components/order-labels';
import { disputesMessages } from './disputes-messages';

type Party = 'merchant' | 'buyer' | 'trader';

/**
 * The evidence requests of a case (docs/operator-guide.md, "Evidence"): each with its party,
 * deadline and state, an open one past its deadline highlighted; a form to ask a party for more
 * while the order is disputed; and a way to withdraw an open request.
 */
export function EvidenceRequestsPanel({ flow, orderId, disputed, hasTrader }: { flow: 'payout' | 'payin'; orderId: string; disputed: boolean; hasTrader: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const lang = useOperatorLang();
  const t = disputesMessages[lang].requests;
  const who = (party: string) => labelOf(orderLabels[lang].actor, party);
  const ref = { flow, orderId };
  const process = useQuery(trpc.operator.disputeProcess.get.queryOptions(ref));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.operator.disputeProcess.get.queryKey(ref) });
  // Who can answer: a payout has no buyer, and a pay-in's merchant has no evidence form.
  const parties: Party[] = flow === 'payout' ? ['merchant', 'trader'] : ['buyer', 'trader'];
  const [party, setParty] = useState<Party>(hasTrader ? 'trader' : parties[0]!);
  const [message, setMessage] = useState('');
  const [hours, setHours] = useState('24');
  const request = useMutation(
    trpc.operator.disputeProcess.requestEvidence.mutationOptions({
      onSuccess: () => {
        setMessage('');
        return refresh();
      },
    }),
  );
  const withdraw = useMutation(trpc.operator.disputeProcess.withdrawRequest.mutationOptions({ onSettled: refresh }));
  const ids = { party: useId(), message: useId(), hours: useId(), messageError: useId(), hoursError: useId() };

  const requests = process.data?.requests ?? [];
  return (
    <section aria-labelledby="requests-heading">
      <h2 id="requests-heading">{t.heading}</h2>
      {process.isError ? <ErrorLine error={process.error} /> : null}
      {requests.length === 0 ? (
        <p className="console-empty">{t.none}</p>
      ) : (
        <ul className="request-list" aria-label={t.heading}>
          {requests.map((item) => (
            <li key={item.id} className={item.overdue ? 'is-overdue' : undefined}>
              <strong>{t.to(who(item.party))}</strong> · {t.due(formatTime(item.dueAt))} ·{' '}
              {item.overdue ? <span className="tag is-warning">{t.overdue}</span> : <span className="tag">{labelOf(t.states, item.state)}</span>}
              <div>“{item.message}”</div>
              <small>
                {t.askedBy(item.requestedBy.name, formatTime(item.createdAt))}
                {item.fulfilledAt ? t.answeredAt(formatTime(item.fulfilledAt)) : ''}
                {item.withdrawnAt ? t.withdrawnAt(formatTime(item.withdrawnAt)) : ''}
              </small>
              {item.state === 'open' ? (
                <div className="button-row">
                  <ConfirmButton
                    className="button"
                    disabled={withdraw.isPending}
                    title={t.withdrawTitle(who(item.party))}
                    consequence={t.withdrawConsequence(who(item.party), item.message)}
                    confirmLabel={t.withdrawConfirm}
                    onConfirm={() => withdraw.mutate({ requestId: item.id })}
                  >
                    {t.withdraw}
                  </ConfirmButton>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ErrorLine error={withdraw.error} />
      {disputed ? (
        <form
          className="console-form"
          aria-label={t.form}
          onSubmit={(event) => {
            event.preventDefault();
            request.mutate({ flow, orderId, party, message, dueInHours: Number(hours) });
          }}
        >
          <label htmlFor={ids.party}>{t.ask}</label>
          <select id={ids.party} value={party} onChange={(event) => setParty(event.target.value as Party)}>
            {parties.map((value) => (
              <option key={value} value={value} disabled={value === 'trader' && !hasTrader}>
                {t.party(who(value))}
              </option>
            ))}
          </select>
          <label htmlFor={ids.message}>{t.message}</label>
          <textarea
            id={ids.message}
            value={message}
            maxLength={1000}
            required
            aria-describedby={ids.messageError}
            onChange={(event) => setMessage(event.target.value)}
          />
          <FieldError error={request.error} path="message" id={ids.messageError} />
          <label htmlFor={ids.hours}>{t.hours}</label>
          <input id={ids.hours} type="number" min={1} max={168} step={1} value={hours} required aria-describedby={ids.hoursError} onChange={(event) => setHours(event.target.value)} />
          <FieldError error={request.error} path="dueInHours" id={ids.hoursError} />
          <div className="button-row">
            <button type="submit" className="button is-primary" disabled={request.isPending}>
              {request.isPending ? t.sending : t.send}
            </button>
          </div>
          <ErrorLine error={request.error} labels={{ message: t.message, dueInHours: t.hours }} />
        </form>
      ) : null}
    </section>
  );
}
