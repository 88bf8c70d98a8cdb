'use client';

import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../_trpc/client';
import { ErrorLine } from '../../../_components/console/error-line';
import { labelOf } from '../../../_components/order-labels';
import { useOperatorLang } from '../../_components/messages-context';
import { disputesMessages } from './disputes-messages';

/**
 * "Why this trader" on a pay-in (docs/routing.md, "Why this trader"): the routing record stored
 * with its match. In scored routing, each signal's value, weight and points, the penalty and the
 * score; a record written before a signal existed shows the signals it has.
 */
export function WhyThisTraderPanel({ orderId }: { orderId: string }) {
  const trpc = useTRPC();
  const t = disputesMessages[useOperatorLang()].why;
  const why = useQuery(trpc.operator.routing.whyThisTrader.queryOptions({ orderId }));
  if (!why.data) return why.isError ? <ErrorLine error={why.error} /> : null;
  const routing = why.data.routing;

  return (
    <section aria-labelledby="why-heading">
      <h2 id="why-heading">{t.heading}</h2>
      {!routing ? (
        <p className="console-empty">{t.none}</p>
      ) : (
        <>
          <dl className="facts" aria-label={t.heading}>
            <dt>{t.mode}</dt>
            <dd>{labelOf(t.modes, routing.mode)}</dd>
            <dt>{t.pick}</dt>
            <dd>{labelOf(t.picks, routing.pick)}</dd>
            <dt>{t.attempt}</dt>
            <dd>{t.attemptOf(routing.attempt, routing.candidates)}</dd>
            {routing.score ? (
              <>
                <dt>{t.score}</dt>
                <dd className="mono">{routing.score.score}</dd>
              </>
            ) : null}
          </dl>
          {routing.score ? (
            <div className="table-scroll" tabIndex={0} role="region" aria-label={t.tableLabel}>
              <table aria-label={t.tableLabel} className="dense">
                <thead>
                  <tr>
                    <th scope="col">{t.signal}</th>
                    <th scope="col">{t.value}</th>
                    <th scope="col">{t.weight}</th>
                    <th scope="col">{t.points}</th>
                  </tr>
                </thead>
                <tbody>
                  {Object.entries(routing.score.points).map(([signal, points]) => (
                    <tr key={signal}>
                      <th scope="row">{labelOf(t.signals, signal)}</th>
                      <td className="mono">{routing.score?.signals[signal as keyof typeof routing.score.signals] ?? '—'}</td>
                      <td className="mono">{routing.score?.weights[signal as keyof typeof routing.score.weights] ?? '—'}</td>
                      <td className="mono">{points}</td>
                    </tr>
                  ))}
                  <tr>
                    <th scope="row">{t.penalty}</th>
                    <td />
                    <td />
                    <td className="mono">−{routing.score.penalty}</td>
                  </tr>
                  <tr>
                    <th scope="row">{t.total}</th>
                    <td />
                    <td />
                    <td className="mono">
                      <strong>{routing.score.score}</strong>
                    </td>
                  </tr>
                </tbody>
              </table>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
