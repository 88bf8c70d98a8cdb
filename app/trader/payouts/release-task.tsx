'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../_trpc/client';
import { errorText } from '../_components/format';

/** "Give back to the pool", with a confirmation first: only before any transfer was made. */
export function ReleaseTask({ orderId, orderNo }: { orderId: string; orderNo: string }) {
  const trpc = useTRPC();
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
          Give this task back<span className="visually-hidden"> {orderNo}</span>
        </button>
      </p>
    );
  }
  return (
    <div className="trader-confirm" role="group" aria-label={`Give ${orderNo} back to the pool?`}>
      <p>Give {orderNo} back to the pool? Do this only if you have not transferred anything.</p>
      <div className="trader-actions">
        <button type="button" className="trader-button is-danger" disabled={release.isPending} onClick={() => release.mutate({ orderId })}>
          Yes, give it back
        </button>
        <button type="button" className="trader-button" onClick={() => setAsking(false)}>
          Keep it
        </button>
      </div>
      <p role="alert" className="trader-error">
        {release.isError ? errorText(release.error) : ''}
      </p>
    </div>
  );
}
