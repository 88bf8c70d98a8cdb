'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { formatUsdt } from '../../common/amount-display';
import { useTRPC } from '../_trpc/client';
import { errorText } from './_components/format';
import { useTraderMessages } from './_components/messages-context';
import { LoadError, Loading } from './_components/states';
import { ReputationCard } from './reputation-card';

export function OverviewPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { t } = useTraderMessages();
  const o = t.overview;
  const overview = useQuery(trpc.trader.overview.queryOptions(undefined, { refetchInterval: 5000 }));
  const setOnline = useMutation(
    trpc.trader.setOnline.mutationOptions({
      onSuccess: (data) => queryClient.setQueryData(trpc.trader.overview.queryKey(), data),
    }),
  );

  if (overview.isPending) return <Loading what={o.what} />;
  if (overview.isError) return <LoadError text={errorText(overview.error, t)} onRetry={() => void overview.refetch()} />;
  const data = overview.data;

  return (
    <>
      <div className="trader-card trader-online">
        <div>
          <h2 id="online-label">{data.online ? o.online : o.offline}</h2>
          <p className="trader-muted">{data.online ? o.onlineHelp : o.offlineHelp}</p>
          {data.status !== 'active' ? <p className="trader-error">{o.suspended}</p> : null}
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={data.online}
          aria-label={o.switchLabel}
          className={`trader-switch${data.online ? ' is-on' : ''}`}
          disabled={setOnline.isPending}
          onClick={() => setOnline.mutate({ online: !data.online })}
        >
          <span aria-hidden="true">{data.online ? o.switchOn : o.switchOff}</span>
        </button>
        <p role="alert" className="trader-error">
          {setOnline.isError ? errorText(setOnline.error, t) : ''}
        </p>
      </div>

      <section aria-labelledby="balances-heading" className="trader-card">
        <h2 id="balances-heading">{o.balances}</h2>
        <dl className="trader-facts trader-balances">
          <div>
            <dt>{o.available}</dt>
            <dd className="trader-mono">{formatUsdt(data.balances.available)}</dd>
          </div>
          <div>
            <dt>{o.frozen}</dt>
            <dd className="trader-mono">{formatUsdt(data.balances.frozen)}</dd>
          </div>
          <div>
            <dt>{o.escrow}</dt>
            <dd className="trader-mono">{formatUsdt(data.balances.escrow)}</dd>
          </div>
        </dl>
        <p className="trader-muted">
          {o.ledgerBefore} <Link href="/trader/ledger">{o.ledgerLink}</Link>
          {o.ledgerAfter}
        </p>
      </section>

      <ReputationCard />

      <section aria-labelledby="todo-heading" className="trader-card">
        <h2 id="todo-heading">{o.waiting}</h2>
        <ul className="trader-todo">
          <li>
            <Link href="/trader/payouts">{o.payoutsToTransfer(data.counts.payoutsAwaitingTransfer)}</Link>
          </li>
          <li>
            <Link href="/trader/payins">{o.payinsToRelease(data.counts.payinsAwaitingRelease)}</Link>
          </li>
          <li>
            <Link href="/trader/pool">{o.openPool}</Link>
          </li>
        </ul>
      </section>
    </>
  );
}
