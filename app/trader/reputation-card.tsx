'use client';

import { useQuery } from '@tanstack/react-query';
import { formatUsdt } from '../../common/amount-display';
import { useTRPC } from '../_trpc/client';
import { errorText } from './_components/format';
import { useTraderMessages } from './_components/messages-context';
import { LoadError, Loading } from './_components/states';

/**
 * The trader's own reputation (docs/trader-guide.md, "Reputation"): the figures of the last 30
 * days, the score routing reads, and while the new-trader gate holds it, its caps and what lifts them.
 */
export function ReputationCard() {
  const trpc = useTRPC();
  const { t } = useTraderMessages();
  const r = t.reputation;
  const reputation = useQuery(trpc.trader.reputation.queryOptions());

  if (reputation.isPending) return <Loading what={r.what} />;
  if (reputation.isError) return <LoadError text={errorText(reputation.error, t)} onRetry={() => void reputation.refetch()} />;
  const data = reputation.data;

  return (
    <section aria-labelledby="reputation-heading" className="trader-card">
      <h2 id="reputation-heading">{r.heading}</h2>
      <p className="trader-muted">{r.lead(data.windowDays)}</p>
      <dl className="trader-facts">
        <div>
          <dt>{r.score}</dt>
          <dd className="trader-mono">{r.scoreOf(data.score.value)}</dd>
        </div>
        <div>
          <dt>{r.completion}</dt>
          <dd>{r.completionOf(data.completionRate, data.completed, data.completed + data.failed)}</dd>
        </div>
        <div>
          <dt>{r.release}</dt>
          <dd>{r.releaseOf(data.medianReleaseSeconds)}</dd>
        </div>
        <div>
          <dt>{r.disputesLost}</dt>
          <dd>{data.disputesLost}</dd>
        </div>
        <div>
          <dt>{r.volume}</dt>
          <dd className="trader-mono">{formatUsdt(data.volume)}</dd>
        </div>
      </dl>
      {data.gate ? (
        <div role="note" aria-label={r.gateHeading}>
          <p>
            <strong>{r.gate(data.gate.dailyOrders, data.gate.maxOrderFiat, data.gate.minCompletedOrders, data.gate.minDays)}</strong>
          </p>
          <p className="trader-muted">{r.gateSoFar(data.gate.completedTotal, data.gate.firstCompletedAt?.slice(0, 10) ?? null)}</p>
        </div>
      ) : null}
    </section>
  );
}
