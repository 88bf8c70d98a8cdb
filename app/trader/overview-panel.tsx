'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useTRPC } from '../_trpc/client';
import { errorText } from './_components/format';
import { LoadError, Loading } from './_components/states';

export function OverviewPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const overview = useQuery(trpc.trader.overview.queryOptions(undefined, { refetchInterval: 5000 }));
  const setOnline = useMutation(
    trpc.trader.setOnline.mutationOptions({
      onSuccess: (data) => queryClient.setQueryData(trpc.trader.overview.queryKey(), data),
    }),
  );

  if (overview.isPending) return <Loading what="your overview" />;
  if (overview.isError) return <LoadError text={errorText(overview.error)} onRetry={() => void overview.refetch()} />;
  const data = overview.data;

  return (
    <>
      <div className="trader-card trader-online">
        <div>
          <h2 id="online-label">{data.online ? 'You are online' : 'You are offline'}</h2>
          <p className="trader-muted">
            {data.online ? 'You are matched to pay-ins and can accept payout tasks.' : 'Go online to take payout tasks and receive pay-ins.'}
          </p>
          {data.status !== 'active' ? <p className="trader-error">Your account is suspended: you cannot take new orders.</p> : null}
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={data.online}
          aria-label="Online"
          className={`trader-switch${data.online ? ' is-on' : ''}`}
          disabled={setOnline.isPending}
          onClick={() => setOnline.mutate({ online: !data.online })}
        >
          <span aria-hidden="true">{data.online ? 'Online' : 'Offline'}</span>
        </button>
        <p role="alert" className="trader-error">
          {setOnline.isError ? errorText(setOnline.error) : ''}
        </p>
      </div>

      <section aria-labelledby="balances-heading" className="trader-card">
        <h2 id="balances-heading">Balances (USDT)</h2>
        <dl className="trader-facts trader-balances">
          <div>
            <dt>Available</dt>
            <dd className="trader-mono">{data.balances.available}</dd>
          </div>
          <div>
            <dt>Frozen</dt>
            <dd className="trader-mono">{data.balances.frozen}</dd>
          </div>
          <div>
            <dt>In escrow (pay-ins)</dt>
            <dd className="trader-mono">{data.balances.escrow}</dd>
          </div>
        </dl>
        <p className="trader-muted">
          Every movement is in the <Link href="/trader/ledger">ledger</Link>.
        </p>
      </section>

      <section aria-labelledby="todo-heading" className="trader-card">
        <h2 id="todo-heading">Waiting for you</h2>
        <ul className="trader-todo">
          <li>
            <Link href="/trader/payouts">
              {data.counts.payoutsAwaitingTransfer} payout{data.counts.payoutsAwaitingTransfer === 1 ? '' : 's'} to transfer
            </Link>
          </li>
          <li>
            <Link href="/trader/payins">
              {data.counts.payinsAwaitingRelease} pay-in{data.counts.payinsAwaitingRelease === 1 ? '' : 's'} to check and release
            </Link>
          </li>
          <li>
            <Link href="/trader/pool">Open the task pool</Link>
          </li>
        </ul>
      </section>
    </>
  );
}
