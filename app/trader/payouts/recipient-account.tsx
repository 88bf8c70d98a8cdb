'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../_trpc/client';
import { CopyButton } from '../_components/copy-button';
import { errorCode, errorText, groupDigits } from '../_components/format';
import type { TraderMessages } from '../_components/messages';
import { useTraderMessages } from '../_components/messages-context';

/**
 * The recipient's account number: the last 4 digits until the trader asks for the full number,
 * which the server hands out (and audits) only to them and only while the transfer is due. The
 * number lives in this component's mutation only (gcTime 0: dropped once the card stops showing
 * it, e.g. after the proof); never in a URL, the query cache or storage. A reveal refused for being
 * over the hour's limit says when a new number can be seen (docs/trader-guide.md, "Rules").
 */
export function RecipientAccount({ orderId, last4 }: { orderId: string; last4: string }) {
  const trpc = useTRPC();
  const { t } = useTraderMessages();
  const p = t.payouts;
  const queryClient = useQueryClient();
  const reveal = useMutation(
    trpc.trader.revealAccount.mutationOptions({
      gcTime: 0,
      // The list learns the number was seen, so giving the task back warns first.
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.trader.payouts.queryKey() }),
    }),
  );
  const number = reveal.data?.accountNumber;

  if (number) {
    return (
      <>
        <span className="trader-mono trader-account">
          {groupDigits(number)}
        </span>{' '}
        <CopyButton value={number} name={p.accountNumber} />{' '}
        <button type="button" className="trader-button is-small is-link" onClick={() => reveal.reset()}>
          {p.hide}
        </button>
      </>
    );
  }
  return (
    <>
      <span className="trader-mono">•••• {last4}</span>{' '}
      <button type="button" className="trader-button is-small" disabled={reveal.isPending} onClick={() => reveal.mutate({ orderId })}>
        {reveal.isPending ? p.showing : p.showFull}
      </button>
      {reveal.isError ? (
        <span role="alert" className="trader-error">
          {' '}
          {refusalText(reveal.error, t)}
        </span>
      ) : null}
      <span className="trader-hint">{p.viewsRecorded}</span>
    </>
  );
}

/** The throttle's refusal with its limit and wait in minutes; any other refusal as errorText says it. */
function refusalText(error: unknown, t: TraderMessages): string {
  if (errorCode(error) !== 'CARD_REVEAL_THROTTLED') return errorText(error, t);
  const meta = (error as { data?: { meta?: Record<string, string> } | null }).data?.meta ?? {};
  const minutes = Math.max(1, Math.ceil(Number(meta.retryAfterSeconds ?? 60) / 60));
  return t.payouts.revealThrottled(meta.limit ?? '', minutes);
}
