'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { formatUsdt } from '../../../common/amount-display';
import { useTRPC } from '../../_trpc/client';
import { errorText, formatTime } from '../_components/format';
import { useTraderMessages } from '../_components/messages-context';
import { Empty, LoadError, Loading } from '../_components/states';

/** The bond's figures, the move form (confirmed before it posts) and the penalties taken from it. */
export function BondPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { t, lang } = useTraderMessages();
  const b = t.bond;
  const id = useId();
  const status = useQuery(trpc.trader.bond.queryOptions());
  const [direction, setDirection] = useState<'in' | 'out'>('in');
  const [amount, setAmount] = useState('');
  const move = useMutation(
    trpc.trader.moveBond.mutationOptions({
      onSuccess: (next) => {
        setAmount('');
        queryClient.setQueryData(trpc.trader.bond.queryKey(), next);
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    move.reset();
    const typed = amount.trim();
    if (!window.confirm(direction === 'in' ? b.confirmIn(typed) : b.confirmOut(typed))) return;
    move.mutate({ direction, amount: typed });
  };

  if (status.isPending) return <Loading what={b.title} />;
  if (status.isError) return <LoadError text={errorText(status.error, t)} onRetry={() => void status.refetch()} />;
  const s = status.data;
  return (
    <>
      <dl className="trader-facts">
        <dt>{b.balance}</dt>
        <dd>{formatUsdt(s.bond)} USDT</dd>
        <dt>{b.exposure}</dt>
        <dd>
          {formatUsdt(s.exposure)} USDT ({b.escrowed} {formatUsdt(s.escrowed)}, {b.payoutsUnpaid} {formatUsdt(s.payoutsUnpaid)})
        </dd>
        <dt>{b.multiple}</dt>
        <dd>× {s.multiple}</dd>
        <dt>{b.cap}</dt>
        <dd>{formatUsdt(s.cap)} USDT</dd>
        <dt>{b.free}</dt>
        <dd>{formatUsdt(s.free)} USDT</dd>
      </dl>
      <p className="trader-muted">{s.capEnabled ? b.capOn : b.capOff}</p>

      <h2>{b.moveHeading}</h2>
      <form className="trader-form" onSubmit={submit} aria-describedby={`${id}-error`}>
        <fieldset>
          <legend>{b.direction}</legend>
          <label>
            <input type="radio" name="direction" value="in" checked={direction === 'in'} onChange={() => setDirection('in')} /> {b.moveIn}
          </label>
          <label>
            <input type="radio" name="direction" value="out" checked={direction === 'out'} onChange={() => setDirection('out')} /> {b.moveOut}
          </label>
        </fieldset>
        <label htmlFor={`${id}-amount`}>{b.amount}</label>
        <input
          id={`${id}-amount`}
          inputMode="decimal"
          required
          autoComplete="off"
          placeholder="100"
          aria-describedby={`${id}-hint`}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
        <p id={`${id}-hint`} className="trader-muted">
          {b.amountHint}
        </p>
        <button type="submit" className="trader-button" disabled={move.isPending || amount.trim() === ''}>
          {b.submit}
        </button>
      </form>
      <p id={`${id}-error`} role="alert" className="trader-error">
        {move.isError ? errorText(move.error, t) : ''}
      </p>
      {move.isSuccess ? (
        <p role="status">
          {b.moved} {formatUsdt(move.data.bond)} USDT
        </p>
      ) : null}

      <h2>{b.penaltiesHeading}</h2>
      {s.penalties.length === 0 ? (
        <Empty>{b.penaltiesEmpty}</Empty>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={b.penaltiesHeading}>
        <table className="trader-table">
          <caption className="visually-hidden">{b.penaltiesHeading}</caption>
          <thead>
            <tr>
              <th scope="col">{b.at}</th>
              <th scope="col">{b.order}</th>
              <th scope="col">{b.reason}</th>
              <th scope="col">{b.amount}</th>
              <th scope="col">{b.to}</th>
            </tr>
          </thead>
          <tbody>
            {s.penalties.map((penalty) => (
              <tr key={`${penalty.orderId}-${penalty.at}`}>
                <td>{formatTime(penalty.at, lang)}</td>
                <td className="trader-mono" translate="no">
                    {penalty.orderId}
                  </td>
                <td>
                    <code>{penalty.reasonCode}</code>
                  </td>
                <td>{formatUsdt(penalty.amount)}</td>
                <td>{penalty.to === 'merchant' ? b.toMerchant : b.toPlatform}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      )}
    </>
  );
}
