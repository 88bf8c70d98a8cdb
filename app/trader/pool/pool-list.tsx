'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { useTRPC } from '../../_trpc/client';
import { Countdown } from '../_components/countdown';
import { errorCode, errorText } from '../_components/format';
import { Pager } from '../_components/pager';
import { Empty, LoadError, Loading } from '../_components/states';
import { useServerClock } from '../_components/use-server-clock';

const PAGE_SIZE = 20;

type Outcome = { kind: 'accepted'; orderNo: string } | { kind: 'lost'; orderNo: string } | { kind: 'error'; text: string };

export function PoolList() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const overview = useQuery(trpc.trader.overview.queryOptions(undefined, { refetchInterval: 10_000 }));
  const pool = useQuery(trpc.trader.pool.queryOptions({ page, pageSize: PAGE_SIZE }, { refetchInterval: 3000 }));
  const now = useServerClock(pool.data?.serverTime, pool.dataUpdatedAt, Boolean(pool.data?.items.length));

  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.trader.pool.queryKey() });
  const accept = useMutation(
    trpc.trader.accept.mutationOptions({
      onSuccess: (order) => {
        setOutcome({ kind: 'accepted', orderNo: order.orderNo });
        void queryClient.invalidateQueries({ queryKey: trpc.trader.payouts.queryKey() });
      },
      onError: (error, input) => {
        const orderNo = pool.data?.items.find((task) => task.orderId === input.orderId)?.orderNo ?? 'This task';
        const code = errorCode(error);
        setOutcome(code === 'INVALID_ORDER_STATE' || code === 'ORDER_NOT_FOUND' ? { kind: 'lost', orderNo } : { kind: 'error', text: errorText(error) });
      },
      onSettled: refresh,
    }),
  );

  const offline = overview.data && !overview.data.online;

  return (
    <>
      {offline ? (
        <p className="trader-notice" role="note">
          You are offline: <Link href="/trader">go online</Link> to accept tasks.
        </p>
      ) : null}
      <div aria-live="polite" role="status" className="trader-outcome">
        {outcome?.kind === 'accepted' ? (
          <p className="trader-success">
            You accepted {outcome.orderNo}. <Link href="/trader/payouts">Go to My payouts</Link> to see the recipient and transfer.
          </p>
        ) : null}
        {outcome?.kind === 'lost' ? <p className="trader-error">Too late: another trader accepted {outcome.orderNo} first.</p> : null}
        {outcome?.kind === 'error' ? <p className="trader-error">{outcome.text}</p> : null}
      </div>

      {pool.isPending ? <Loading what="open tasks" /> : null}
      {pool.isError ? <LoadError text={errorText(pool.error)} onRetry={() => void pool.refetch()} /> : null}
      {pool.data && pool.data.items.length === 0 ? <Empty>No open tasks fit your quote right now. New ones appear here by themselves.</Empty> : null}
      {pool.data && pool.data.items.length > 0 ? (
        <ul className="trader-list" aria-label="Open tasks">
          {pool.data.items.map((task) => (
            <li key={task.orderId} className="trader-card trader-task">
              <div className="trader-task-main">
                <p className="trader-amount">
                  ¥{task.fiatAmount} <span className="trader-muted">CNY</span>
                </p>
                <p>
                  You receive <strong className="trader-mono">{task.usdAmount} USDT</strong> at {task.fxRate}
                </p>
                <p className="trader-muted">
                  {task.orderNo} · to {task.bankName}
                </p>
                <Countdown label="Matching ends in" dueAt={task.matchDueAt} now={now} />
              </div>
              <button
                type="button"
                className="trader-button is-primary"
                disabled={accept.isPending || offline}
                onClick={() => {
                  setOutcome(null);
                  accept.mutate({ orderId: task.orderId });
                }}
              >
                Accept<span className="visually-hidden"> {task.orderNo}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {pool.data ? <Pager label="Task pool pages" page={page} pageSize={PAGE_SIZE} count={pool.data.items.length} onPage={setPage} /> : null}
    </>
  );
}
