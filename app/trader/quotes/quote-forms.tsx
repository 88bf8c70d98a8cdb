'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTRPC } from '../../_trpc/client';
import { errorText } from '../_components/format';
import { LoadError, Loading } from '../_components/states';

type Side = 'BUY' | 'SELL';
const sides: Record<Side, { title: string; help: string }> = {
  BUY: { title: 'BUY quote (payouts)', help: 'You pay CNY to a merchant’s recipient and receive USDT.' },
  SELL: { title: 'SELL quote (pay-ins)', help: 'Buyers pay CNY into your account; you release USDT from escrow.' },
};

function QuoteForm({ side, current }: { side: Side; current: { price: string; minFiat: string; maxFiat: string } | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [values, setValues] = useState({ price: current?.price ?? '', minFiat: current?.minFiat ?? '', maxFiat: current?.maxFiat ?? '' });
  const save = useMutation(
    trpc.trader.setQuote.mutationOptions({ onSuccess: (data) => queryClient.setQueryData(trpc.trader.quotes.queryKey(), data) }),
  );
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value.trim() }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ side, ...values });
  };
  const details = (save.error as { data?: { details?: { path: string; message: string }[] } } | null)?.data?.details ?? [];

  return (
    <form className="trader-card trader-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{sides[side].title}</h3>
      <p className="trader-hint">{sides[side].help}</p>
      <p className="trader-muted">
        {current ? `Now: ${current.price} CNY per USDT, ${current.minFiat} to ${current.maxFiat} CNY per order.` : 'No quote yet: no orders on this side.'}
      </p>
      <label htmlFor={`${id}-price`}>Price (CNY per USDT, 4 decimals)</label>
      <input id={`${id}-price`} inputMode="decimal" placeholder="7.1850" value={values.price} onChange={set('price')} required />
      <label htmlFor={`${id}-min`}>Minimum per order (CNY)</label>
      <input id={`${id}-min`} inputMode="decimal" placeholder="100.00" value={values.minFiat} onChange={set('minFiat')} required />
      <label htmlFor={`${id}-max`}>Maximum per order (CNY)</label>
      <input id={`${id}-max`} inputMode="decimal" placeholder="50000.00" value={values.maxFiat} onChange={set('maxFiat')} required />
      <button type="submit" className="trader-button is-primary" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : `Save ${side} quote`}
      </button>
      <div role="alert" className="trader-error">
        {save.isError ? <p>{errorText(save.error)}</p> : null}
        {details.map((detail) => (
          <p key={detail.path}>
            {detail.path}: {detail.message}
          </p>
        ))}
      </div>
      <p role="status" className="trader-success">
        {save.isSuccess ? 'Saved.' : ''}
      </p>
    </form>
  );
}

export function QuoteForms() {
  const trpc = useTRPC();
  const quotes = useQuery(trpc.trader.quotes.queryOptions());
  return (
    <section aria-labelledby="quotes-heading">
      <h2 id="quotes-heading">Quotes</h2>
      {quotes.isPending ? <Loading what="your quotes" /> : null}
      {quotes.isError ? <LoadError text={errorText(quotes.error)} onRetry={() => void quotes.refetch()} /> : null}
      {quotes.data ? (
        <div className="trader-grid">
          <QuoteForm side="BUY" current={quotes.data.BUY} />
          <QuoteForm side="SELL" current={quotes.data.SELL} />
        </div>
      ) : null}
    </section>
  );
}
