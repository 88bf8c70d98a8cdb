'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ErrorLine } from '../../../_components/console/error-line';
import { formatTime } from '../../../_components/console/format';
import { useOperatorMessages } from '../../_components/messages-context';
import { rateMessages } from './rate-messages';

export function ReferenceRate() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { lang, t: common } = useOperatorMessages();
  const t = rateMessages[lang];
  const status = useQuery(trpc.operator.referenceRate.get.queryOptions({}));
  const put = (data: unknown) => queryClient.setQueryData(trpc.operator.referenceRate.get.queryKey({}), data as never);
  const [rate, setRate] = useState('');
  const set = useMutation(trpc.operator.referenceRate.set.mutationOptions({ onSuccess: put }));
  const clear = useMutation(trpc.operator.referenceRate.clear.mutationOptions({ onSuccess: put }));

  if (status.isPending) return <p aria-busy="true">{common.loading}</p>;
  if (status.isError) return <ErrorLine error={status.error} />;
  const data = status.data;
  return (
    <>
      <p className="lead">{t.lead}</p>
      <dl className="facts" aria-label={t.facts}>
        <dt>{t.override}</dt>
        <dd>{data.override ? t.overrideValue(data.override.rate, formatTime(data.override.setAt)) : t.none}</dd>
        <dt>{t.buyMedian}</dt>
        <dd>{data.quotesMedian.BUY ?? t.noQuotes}</dd>
        <dt>{t.sellMedian}</dt>
        <dd>{data.quotesMedian.SELL ?? t.noQuotes}</dd>
      </dl>
      <form
        className="console-bar"
        aria-label={t.form}
        onSubmit={(event) => {
          event.preventDefault();
          set.mutate({ rate });
        }}
      >
        <label>
          {t.rate}
          <input required placeholder="7.2000" value={rate} onChange={(e) => setRate(e.target.value)} />
        </label>
        <button type="submit" className="button is-primary" disabled={set.isPending}>
          {t.set}
        </button>
        <button type="button" className="button" disabled={!data.override || clear.isPending} onClick={() => clear.mutate({})}>
          {t.clear}
        </button>
      </form>
      <ErrorLine error={set.error} labels={{ rate: t.rate }} />
      <ErrorLine error={clear.error} />
    </>
  );
}
