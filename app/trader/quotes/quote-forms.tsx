'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { formatCny } from '../../../common/amount-display';
import { useTRPC } from '../../_trpc/client';
import { errorCode, errorText, refusedFields } from '../_components/format';
import { useTraderMessages } from '../_components/messages-context';
import { LoadError, Loading } from '../_components/states';
import { fieldsOfRefusal, readQuoteForm, type QuoteField, type QuoteProblem, type QuoteValues } from './quote-fields';

type Side = 'BUY' | 'SELL';

function QuoteForm({ side, current }: { side: Side; current: { price: string; minFiat: string; maxFiat: string } | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { t } = useTraderMessages();
  const q = t.quotes;
  const id = useId();
  const [values, setValues] = useState<QuoteValues>({ price: current?.price ?? '', minFiat: current?.minFiat ?? '', maxFiat: current?.maxFiat ?? '' });
  const [problems, setProblems] = useState<Partial<Record<QuoteField, QuoteProblem>>>({});
  const save = useMutation(
    trpc.trader.setQuote.mutationOptions({
      onSuccess: (data) => queryClient.setQueryData(trpc.trader.quotes.queryKey(), data),
      onError: (error) => setProblems(errorCode(error) === 'VALIDATION_FAILED' ? fieldsOfRefusal(refusedFields(error)) : {}),
    }),
  );
  const set = (field: QuoteField) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setProblems((p) => ({ ...p, [field]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    const read = readQuoteForm(values);
    if (!read.ok) {
      setProblems(read.problems);
      const first = (['price', 'minFiat', 'maxFiat'] as const).find((field) => read.problems[field]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    // The field shows what is saved: "7.15" becomes "7.1500".
    setValues(read.values);
    setProblems({});
    save.mutate({ side, ...read.values });
  };
  const problemText = (problem: QuoteProblem) => (problem === 'maxBelowMin' ? q.maxBelowMin : problem === 'invalid' ? q.fieldInvalid : q.problems[problem]);
  const fieldProps = (field: QuoteField) => ({
    id: `${id}-${field}`,
    inputMode: 'decimal' as const,
    autoComplete: 'off',
    value: values[field],
    onChange: set(field),
    'aria-invalid': problems[field] ? true : undefined,
    'aria-describedby': [field === 'price' ? `${id}-price-hint` : '', problems[field] ? `${id}-${field}-problem` : ''].filter(Boolean).join(' ') || undefined,
  });
  const problemLine = (field: QuoteField) =>
    problems[field] ? (
      <p id={`${id}-${field}-problem`} className="trader-field-error">
        {problemText(problems[field]!)}
      </p>
    ) : null;
  // Only a refusal the fields do not explain is shown as the form's error.
  const formError = save.isError && Object.keys(problems).length === 0 ? errorText(save.error, t) : Object.keys(problems).length > 0 ? t.errors.fieldsNeedAttention : '';

  return (
    <form className="trader-card trader-form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`}>{q.sides[side].title}</h3>
      <p className="trader-hint">{q.sides[side].help}</p>
      <p className="trader-muted">{current ? q.now(current.price, formatCny(current.minFiat), formatCny(current.maxFiat)) : q.none}</p>
      <label htmlFor={`${id}-price`}>{q.price}</label>
      <input {...fieldProps('price')} placeholder="7.1850" />
      <p id={`${id}-price-hint`} className="trader-hint">
        {q.priceHint}
      </p>
      {problemLine('price')}
      <label htmlFor={`${id}-minFiat`}>{q.min}</label>
      <input {...fieldProps('minFiat')} placeholder="100.00" />
      {problemLine('minFiat')}
      <label htmlFor={`${id}-maxFiat`}>{q.max}</label>
      <input {...fieldProps('maxFiat')} placeholder="50000.00" />
      {problemLine('maxFiat')}
      <button type="submit" className="trader-button is-primary" disabled={save.isPending}>
        {save.isPending ? q.saving : q.sides[side].save}
      </button>
      <p role="alert" className="trader-error">
        {formError}
      </p>
      <p role="status" className="trader-success">
        {save.isSuccess ? q.saved(save.data[side]?.price ?? values.price) : ''}
      </p>
    </form>
  );
}

export function QuoteForms() {
  const trpc = useTRPC();
  const { t } = useTraderMessages();
  const quotes = useQuery(trpc.trader.quotes.queryOptions());
  return (
    <section aria-labelledby="quotes-heading">
      <h2 id="quotes-heading">{t.quotes.heading}</h2>
      {quotes.isPending ? <Loading what={t.quotes.what} /> : null}
      {quotes.isError ? <LoadError text={errorText(quotes.error, t)} onRetry={() => void quotes.refetch()} /> : null}
      {quotes.data ? (
        <div className="trader-grid">
          <QuoteForm side="BUY" current={quotes.data.BUY} />
          <QuoteForm side="SELL" current={quotes.data.SELL} />
        </div>
      ) : null}
    </section>
  );
}
