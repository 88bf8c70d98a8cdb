'use client';

import type { inferRouterOutputs } from '@trpc/server';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatCny } from '../../../common/amount-display';
import type { AppRouter } from '../../_trpc/root';
import { useTRPC } from '../../_trpc/client';
import { errorText, formatTime } from '../_components/format';
import { useTraderMessages } from '../_components/messages-context';
import { Empty, LoadError, Loading } from '../_components/states';
import { ReleaseConfirmation } from './release-confirmation';

type Notification = inferRouterOutputs<AppRouter>['trader']['notifications']['items'][number];

/** Forwarders that have gone quiet on accounts with automatic confirmation on. */
function SilentListeners() {
  const trpc = useTRPC();
  const { lang, t } = useTraderMessages();
  const accounts = useQuery(trpc.trader.bankAccounts.queryOptions(undefined, { refetchInterval: 30_000 }));
  const silent = accounts.data?.filter((account) => account.listenerSilent) ?? [];
  if (silent.length === 0) return null;
  return (
    <div className="trader-error" role="alert" data-testid="silent-listener">
      {silent.map((account) => (
        <p key={account.id}>
          {t.notifications.silent(
            account.bankName,
            account.accountLast4,
            account.listenerLastSeenAt ? formatTime(account.listenerLastSeenAt, lang) : t.notifications.sinceSetUp,
          )}
        </p>
      ))}
    </div>
  );
}

function Item({ item, onDone }: { item: Notification; onDone: (message: string) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { lang, t } = useTraderMessages();
  const n = t.notifications;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.trader.notifications.queryKey() });
  const confirm = useMutation(trpc.trader.confirmSuggestion.mutationOptions({ onSuccess: (payin) => onDone(n.released(payin.orderNo)), onSettled: refresh }));
  const reject = useMutation(trpc.trader.rejectSuggestion.mutationOptions({ onSuccess: () => onDone(n.rejected), onSettled: refresh }));
  const busy = confirm.isPending || reject.isPending;
  // Releasing USDT is never one tap: the first asks again, showing what to compare (release-confirmation.tsx).
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="trader-card" data-testid="notification">
      <p>
        <strong>{item.direction === 'credit' ? `+¥${formatCny(item.amount ?? '')}` : item.direction === 'debit' ? `−¥${formatCny(item.amount ?? '')}` : n.unread}</strong>{' '}
        <span className="trader-muted">
          <span translate="no">{item.bankAccount}</span> · {n.from} <span translate="no">{item.sender}</span> · {n.received} {formatTime(item.receivedAt, lang)}
          {item.parserId ? (
            <>
              {' · '}
              {n.readAs} <span translate="no">{item.parserId}</span>
            </>
          ) : null}
        </span>
      </p>
      <blockquote className="trader-muted" translate="no">
        {item.text}
      </blockquote>
      {item.payerName || item.memo ? (
        <p className="trader-muted">
          {item.payerName ? (
            <>
              {n.payer}: <span translate="no">{item.payerName}</span>
            </>
          ) : null}
          {item.payerName && item.memo ? ' · ' : ''}
          {item.memo ? (
            <>
              {n.memo}: <span translate="no">{item.memo}</span>
            </>
          ) : null}
        </p>
      ) : null}
      <p className={item.matchStatus === 'suggested' ? 'trader-attention' : undefined} data-testid="notification-status">
        {n.status[item.matchStatus]}
        {item.score !== null ? n.score(item.score) : ''}
        {item.order ? (
          <>
            {' · '}
            <span translate="no">{item.order.orderNo}</span>, ¥{formatCny(item.order.amount)}
            {item.order.buyerReference ? (
              <>
                , {n.reference} <span translate="no">{item.order.buyerReference}</span>
              </>
            ) : null}{' '}
            ({t.payinStatus[item.order.status] ?? item.order.status})
          </>
        ) : null}
      </p>
      {item.matchStatus === 'suggested' && item.order && confirming ? (
        <ReleaseConfirmation item={{ ...item, order: item.order }} busy={busy} onRelease={() => confirm.mutate({ notificationId: item.id })} onBack={() => setConfirming(false)} />
      ) : null}
      {item.matchStatus === 'suggested' && item.order && !confirming ? (
        <div className="trader-actions">
          <button type="button" className="trader-button is-primary" disabled={busy} onClick={() => setConfirming(true)}>
            {n.confirmRelease}
            <span className="visually-hidden"> {item.order.orderNo}</span>
          </button>
          <button type="button" className="trader-button" disabled={busy} onClick={() => reject.mutate({ notificationId: item.id })}>
            {n.notThisOrder}
          </button>
        </div>
      ) : null}
      <p role="alert" className="trader-error">
        {confirm.isError ? errorText(confirm.error, t) : reject.isError ? errorText(reject.error, t) : ''}
      </p>
    </li>
  );
}

export function NotificationFeed() {
  const trpc = useTRPC();
  const { t } = useTraderMessages();
  const n = t.notifications;
  const [message, setMessage] = useState('');
  const feed = useQuery(trpc.trader.notifications.queryOptions({}, { refetchInterval: 5_000 }));
  return (
    <>
      <SilentListeners />
      <p role="status" className="trader-success">
        {message}
      </p>
      {feed.isPending ? <Loading what={n.what} /> : null}
      {feed.isError ? <LoadError text={errorText(feed.error, t)} onRetry={() => void feed.refetch()} /> : null}
      {feed.data && feed.data.items.length === 0 ? <Empty>{n.empty}</Empty> : null}
      {feed.data && feed.data.items.length > 0 ? (
        <ul className="trader-list" aria-label={n.listLabel}>
          {feed.data.items.map((item) => (
            <Item key={item.id} item={item} onDone={setMessage} />
          ))}
        </ul>
      ) : null}
    </>
  );
}
