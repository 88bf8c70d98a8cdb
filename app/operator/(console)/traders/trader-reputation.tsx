'use client';

import { useQuery } from '@tanstack/react-query';
import { formatUsdt } from '../../../../common/amount-display';
import { useTRPC } from '../../../_trpc/client';
import { ErrorLine } from '../../../_components/console/error-line';
import { useOperatorLang } from '../../_components/messages-context';
import { tradersMessages } from './traders-messages';

/** Each trader's reputation and new-trader gate (docs/operator-guide.md, "Traders"). */
export function TraderReputation() {
  const trpc = useTRPC();
  const m = tradersMessages[useOperatorLang()];
  const t = m.reputation;
  const list = useQuery(trpc.operator.traders.reputations.queryOptions({}));
  if (!list.data) return list.isError ? <ErrorLine error={list.error} /> : null;
  if (list.data.length === 0) return null;

  return (
    <section aria-labelledby="reputation-heading">
      <h2 id="reputation-heading">{t.heading}</h2>
      <p>{t.lead(list.data[0]!.windowDays)}</p>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={t.tableLabel}>
        <table aria-label={t.tableLabel} className="dense">
          <thead>
            <tr>
              <th scope="col">{m.trader}</th>
              <th scope="col">{t.score}</th>
              <th scope="col">{t.completion}</th>
              <th scope="col">{t.release}</th>
              <th scope="col">{t.disputesLost}</th>
              <th scope="col">{t.volume}</th>
              <th scope="col">{t.gate}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((row) => (
              <tr key={row.traderId}>
                <th scope="row">{row.name}</th>
                <td className="mono">{Math.round(row.score.value * 100)}</td>
                <td>{row.completionRate === null ? t.noRate : t.completionOf(row.completionRate, row.completed, row.completed + row.failed)}</td>
                <td>{row.medianReleaseSeconds === null ? t.noRelease : t.seconds(row.medianReleaseSeconds)}</td>
                <td>{row.disputesLost}</td>
                <td>{formatUsdt(row.volume)}</td>
                <td>
                  {row.gate ? (
                    <span className="tag is-warning">{t.held(row.gate.completedTotal, row.gate.minCompletedOrders, row.gate.minDays, row.gate.dailyOrders, row.gate.maxOrderFiat)}</span>
                  ) : (
                    t.lifted
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
