'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { formatCny, formatUsdt } from '../../../common/amount-display';
import { useTRPC } from '../../_trpc/client';
import { Countdown } from '../_components/countdown';
import { errorCode, errorText } from '../_components/format';
import { POOL_PAGE_SIZE, useFallbackInterval } from '../_components/live-pool';
import { useTraderMessages } from '../_components/messages-context';
import { Pager } from '../_components/pager';
import { Empty, LoadError, Loading } from '../_components/states';
import { useServerClock } from '../_components/use-server-clock';

type Outcome = { kind: 'accepted'; orderNo: string } | { kind: 'lost'; orderNo: string } | { kind: 'error'; text: string };

/** The open tasks. Kept fresh by the dashboard's event stream (live-pool.tsx), polling only while it is down. */
export function PoolList() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { t } = useTraderMessages();
  const p = t.pool;
  const [page, setPage] = useState(1);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const refetchInterval = useFallbackInterval();
  const overview = useQuery(trpc.trader.overview.queryOptions(undefined, { refetchInterval: 10_000 }));
  const pool = useQuery(trpc.trader.pool.queryOptions({ page, pageSize: POOL_PAGE_SIZE }, { refetchInterval }));
  const now = useServerClock(pool.data?.serverTime, pool.dataUpdatedAt, Boolean(pool.data?.items.length));
  // Scored dispatch widens a task's offer with its age and sends no signal for it: look again when the next ring opens.
  const nextOfferAt = pool.data?.nextOfferAt;
  const serverTime = pool.data?.serverTime;
  useEffect(() => {
    if (!nextOfferAt || !serverTime) return;
    const wait = Math.max(1000, new Date(nextOfferAt).getTime() - new Date(serverTime).getTime());
    const timer = setTimeout(() => void pool.refetch(), wait);
    return () => clearTimeout(timer);
  }, [nextOfferAt, serverTime, pool]);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.trader.pool.queryKey() });
  const accept = useMutation(
    trpc.trader.accept.mutationOptions({
      onSuccess: (order) => {
        setOutcome({ kind: 'accepted', orderNo: order.orderNo });
        void queryClient.invalidateQueries({ queryKey: trpc.trader.payouts.queryKey() });
      },
      onError: (error, input) => {
        const orderNo = pool.data?.items.find((task) => task.orderId === input.orderId)?.orderNo ?? p.thisTask;
        const code = errorCode(error);
        setOutcome(code === 'INVALID_ORDER_STATE' || code === 'ORDER_NOT_FOUND' ? { kind: 'lost', orderNo } : { kind: 'error', text: errorText(error, t) });
      },
      onSettled: refresh,
    }),
  );

  const offline = overview.data && !overview.data.online;

  return (
    <>
      {offline ? (
        <p className="trader-notice" role="note">
          {p.offlineBefore} <Link href="/trader">{p.offlineLink}</Link> {p.offlineAfter}
        </p>
      ) : null}
      {/* The open-task count matters where a cap bounds it; without one the payouts page lists them. */}
      {pool.data && pool.data.load.cap !== null ? (
        <p className={pool.data.load.cap !== null && pool.data.load.openTasks >= pool.data.load.cap ? 'trader-notice' : 'trader-muted'} data-testid="pool-load">
          {p.load(pool.data.load.openTasks, pool.data.load.cap)}{' '}
          {pool.data.load.cap !== null && pool.data.load.openTasks >= pool.data.load.cap ? p.atCap : null}
        </p>
      ) : null}
      <div aria-live="polite" role="status" className="trader-outcome">
        {outcome?.kind === 'accepted' ? (
          <p className="trader-success">
            {p.accepted(outcome.orderNo)} <Link href="/trader/payouts">{p.goToPayouts}</Link> {p.goToPayoutsAfter}
          </p>
        ) : null}
        {outcome?.kind === 'lost' ? <p className="trader-error">{p.lost(outcome.orderNo)}</p> : null}
        {outcome?.kind === 'error' ? <p className="trader-error">{outcome.text}</p> : null}
      </div>

      {pool.isPending ? <Loading what={p.what} /> : null}
      {pool.isError ? <LoadError text={errorText(pool.error, t)} onRetry={() => void pool.refetch()} /> : null}
      {pool.data && pool.data.items.length === 0 ? <Empty>{p.empty}</Empty> : null}
      {pool.data && pool.data.items.length > 0 ? (
        <ul className="trader-list" aria-label={p.listLabel}>
          {pool.data.items.map((task) => (
            <li key={task.orderId} className="trader-card trader-task" data-testid="pool-task">
              <div className="trader-task-main">
                <p className="trader-amount">
                  ¥{formatCny(task.fiatAmount)} <span className="trader-muted">CNY</span>
                </p>
                <p>
                  {p.youReceive} <strong className="trader-mono">{formatUsdt(task.usdAmount)} USDT</strong> · {p.at} {task.fxRate}
                </p>
                <p className="trader-muted">
                  <span translate="no">{task.orderNo}</span> · {p.to} <span translate="no">{task.bankName}</span>
                </p>
                <Countdown label={p.matchingEnds} dueAt={task.matchDueAt} now={now} />
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
                {p.accept}
                <span className="visually-hidden"> {task.orderNo}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {pool.data ? <Pager label={p.pages} page={page} pageSize={POOL_PAGE_SIZE} count={pool.data.items.length} onPage={setPage} /> : null}
      {/* After the list, as the page's lead: on a phone the first task must be in the first screen. */}
      {pool.data?.load.mode === 'scored' ? <p className="trader-muted">{p.scored}</p> : null}
    </>
  );
}
