'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import { useTRPC } from '../../_trpc/client';
import type { AppRouter } from '../../_trpc/root';
import { errorText } from '../_components/format';
import { useTraderMessages } from '../_components/messages-context';

/** What giving back a task whose number was seen cost, as the server counted it. */
export type ReleaseCharge = NonNullable<inferRouterOutputs<AppRouter>['trader']['releaseTask']['afterReveal']>;

/**
 * "Give back to the pool", with a confirmation first: only before any transfer was made. When the
 * trader has seen the full number, the confirmation says that giving back counts against them
 * (docs/trader-guide.md, "Rules"); what it cost is handed to the list, which outlives this card.
 */
export function ReleaseTask({
  orderId,
  orderNo,
  numberSeen,
  limit,
  onCharged,
}: {
  orderId: string;
  orderNo: string;
  numberSeen: boolean;
  limit: number;
  onCharged: (orderNo: string, charge: ReleaseCharge) => void;
}) {
  const trpc = useTRPC();
  const { t } = useTraderMessages();
  const p = t.payouts;
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const release = useMutation(
    trpc.trader.releaseTask.mutationOptions({
      onSuccess: (released) => {
        if (released.afterReveal) onCharged(orderNo, released.afterReveal);
        void queryClient.invalidateQueries({ queryKey: trpc.trader.payouts.queryKey() });
      },
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
      {numberSeen ? <p className="trader-attention">{p.giveBackAfterReveal(limit)}</p> : null}
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
