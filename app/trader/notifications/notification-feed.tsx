'use client';

import type { inferRouterOutputs } from '@trpc/server';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AppRouter } from '../../_trpc/root';
import { useTRPC } from '../../_trpc/client';
import { errorText, formatTime } from '../_components/format';
import { Empty, LoadError, Loading } from '../_components/states';

type Notification = inferRouterOutputs<AppRouter>['trader']['notifications']['items'][number];

const statusText: Record<Notification['matchStatus'], string> = {
  unparsed: 'Not read: no template knows this message',
  ignored: 'No match (a debit, or no open pay-in expects this amount)',
  suggested: 'Suggested match: waiting for you',
  released: 'Released the pay-in automatically',
  confirmed: 'You confirmed the match',
  rejected: 'You rejected the match',
};

/** Forwarders that have gone quiet on accounts with automatic confirmation on. */
function SilentListeners() {
  const trpc = useTRPC();
  const accounts = useQuery(trpc.trader.bankAccounts.queryOptions(undefined, { refetchInterval: 30_000 }));
  const silent = accounts.data?.filter((account) => account.listenerSilent) ?? [];
  if (silent.length === 0) return null;
  return (
    <div className="trader-error" role="alert" data-testid="silent-listener">
      {silent.map((account) => (
        <p key={account.id}>
          Your forwarder for {account.bankName} •••• {account.accountLast4} has been silent since {account.listenerLastSeenAt ? formatTime(account.listenerLastSeenAt) : 'it was set up'}: this
          account gets no new pay-ins until it checks in again.
        </p>
      ))}
    </div>
  );
}

function Item({ item, onDone }: { item: Notification; onDone: (message: string) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.trader.notifications.queryKey() });
  const confirm = useMutation(trpc.trader.confirmSuggestion.mutationOptions({ onSuccess: (payin) => onDone(`Released ${payin.orderNo}.`), onSettled: refresh }));
  const reject = useMutation(trpc.trader.rejectSuggestion.mutationOptions({ onSuccess: () => onDone('Suggestion rejected.'), onSettled: refresh }));
  const busy = confirm.isPending || reject.isPending;
  return (
    <li className="trader-card" data-testid="notification">
      <p>
        <strong>{item.direction === 'credit' ? `+¥${item.amount}` : item.direction === 'debit' ? `−¥${item.amount}` : 'Unread message'}</strong>{' '}
        <span className="trader-muted">
          {item.bankAccount} · from {item.sender} · received {formatTime(item.receivedAt)}
          {item.parserId ? ` · read as ${item.parserId}` : ''}
        </span>
      </p>
      <blockquote className="trader-muted">{item.text}</blockquote>
      {item.payerName || item.memo ? (
        <p className="trader-muted">
          {item.payerName ? `Payer: ${item.payerName}` : ''}
          {item.payerName && item.memo ? ' · ' : ''}
          {item.memo ? `Memo: ${item.memo}` : ''}
        </p>
      ) : null}
      <p className={item.matchStatus === 'suggested' ? 'trader-attention' : undefined} data-testid="notification-status">
        {statusText[item.matchStatus]}
        {item.score !== null ? ` (score ${item.score})` : ''}
        {item.order ? ` · ${item.order.orderNo}, ¥${item.order.amount}${item.order.buyerReference ? `, reference ${item.order.buyerReference}` : ''} (${item.order.status})` : ''}
      </p>
      {item.matchStatus === 'suggested' && item.order ? (
        <div className="trader-actions">
          <button type="button" className="trader-button is-primary" disabled={busy} onClick={() => confirm.mutate({ notificationId: item.id })}>
            Confirm and release<span className="visually-hidden"> {item.order.orderNo}</span>
          </button>
          <button type="button" className="trader-button" disabled={busy} onClick={() => reject.mutate({ notificationId: item.id })}>
            Not this order
          </button>
        </div>
      ) : null}
      <p role="alert" className="trader-error">
        {confirm.isError ? errorText(confirm.error) : reject.isError ? errorText(reject.error) : ''}
      </p>
    </li>
  );
}

export function NotificationFeed() {
  const trpc = useTRPC();
  const [message, setMessage] = useState('');
  const feed = useQuery(trpc.trader.notifications.queryOptions({}, { refetchInterval: 5_000 }));
  return (
    <>
      <SilentListeners />
      <p role="status" className="trader-success">
        {message}
      </p>
      {feed.isPending ? <Loading what="your bank notifications" /> : null}
      {feed.isError ? <LoadError text={errorText(feed.error)} onRetry={() => void feed.refetch()} /> : null}
      {feed.data && feed.data.items.length === 0 ? <Empty>No notification yet. See the trader guide to point your SMS forwarder here.</Empty> : null}
      {feed.data && feed.data.items.length > 0 ? (
        <ul className="trader-list" aria-label="Bank notifications">
          {feed.data.items.map((item) => (
            <Item key={item.id} item={item} onDone={setMessage} />
          ))}
        </ul>
      ) : null}
    </>
  );
}
