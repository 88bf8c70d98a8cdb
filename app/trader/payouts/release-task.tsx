'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../_trpc/client';
import { errorText } from '../_components/format';
import { useTraderMessages } from '../_components/messages-context';

/** "Give back to the pool", with a confirmation first: only before any transfer was made. */
export function ReleaseTask({ orderId, orderNo }: { orderId: string; orderNo: string }) {
  const trpc = useTRPC();
  const { t } = useTraderMessages();
  const p = t.payouts;
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const release = useMutation(
    trpc.trader.releaseTask.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.trader.payouts.queryKey() }),
    }),
  );

  if (!asking) {
    return (
      <p>
        <button type="button" className="trader-button is-link" onClick={() => setAsking(true)}>
          {p.giveBack}
          <span className="visually-hidden"> {orderNo}</span>
        </button>
      </p>
    );
  }
  return (
    <div className="trader-confirm" role="group" aria-label={p.giveBackQuestion(orderNo)}>
      <p>{p.giveBackText(orderNo)}</p>
      <div className="trader-actions">
        <button type="button" className="trader-button is-danger" disabled={release.isPending} onClick={() => release.mutate({ orderId })}>
          {p.giveBackYes}
        </button>
        <button type="button" className="trader-button" onClick={() => setAsking(false)}>
          {p.keep}
        </button>
      </div>
      <p role="alert" className="trader-error">
        {release.isError ? errorText(release.error, t) : ''}
      </p>
    </div>
  );
}
