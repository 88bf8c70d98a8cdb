'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ErrorLine } from '../../../_components/console/error-line';
import { formatTime } from '../../../_components/console/format';

export function ReferenceRate() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.operator.referenceRate.get.queryOptions({}));
  const put = (data: unknown) => queryClient.setQueryData(trpc.operator.referenceRate.get.queryKey({}), data as never);
  const [rate, setRate] = useState('');
  const set = useMutation(trpc.operator.referenceRate.set.mutationOptions({ onSuccess: put }));
  const clear = useMutation(trpc.operator.referenceRate.clear.mutationOptions({ onSuccess: put }));

  if (status.isPending) return <p aria-busy="true">Loading…</p>;
  if (status.isError) return <ErrorLine error={status.error} />;
  const data = status.data;
  return (
    <>
      <p className="lead">
        The reference rate (CNY per USDT) sets the slippage merchants see. By default it is the median of the online traders’ quotes; an
        override replaces it for both flows until cleared.
      </p>
      <dl className="facts" aria-label="Reference rate">
        <dt>Override</dt>
        <dd>{data.override ? `${data.override.rate} (set ${formatTime(data.override.setAt)})` : 'none'}</dd>
        <dt>Median of BUY quotes (payouts)</dt>
        <dd>{data.quotesMedian.BUY ?? 'no quotes'}</dd>
        <dt>Median of SELL quotes (pay-ins)</dt>
        <dd>{data.quotesMedian.SELL ?? 'no quotes'}</dd>
      </dl>
      <form
        className="console-bar"
        aria-label="Set the override"
        onSubmit={(event) => {
          event.preventDefault();
          set.mutate({ rate });
        }}
      >
        <label>
          Override rate (4 decimals)
          <input required placeholder="7.2000" value={rate} onChange={(e) => setRate(e.target.value)} />
        </label>
        <button type="submit" className="button is-primary" disabled={set.isPending}>
          Set override
        </button>
        <button type="button" className="button" disabled={!data.override || clear.isPending} onClick={() => clear.mutate({})}>
          Clear override
        </button>
      </form>
      <ErrorLine error={set.error} />
      <ErrorLine error={clear.error} />
    </>
  );
}
