'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTRPC } from '../../_trpc/client';
import { useMessages } from './messages-context';
import type { CheckoutView } from './types';

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'error'; text: string };

/**
 * Screenshots of the buyer's transfer, up to 3 in all, at once or in turns, any time after "I Have
 * Paid" (no waiting: the 15 minutes apply to reporting a problem). The server checks them like
 * proofs (docs/security.md, "Buyer receipts and the checkout's streams") and files them with the order for the support team.
 */
export function ReceiptUpload({ token, receipts }: { token: string; receipts: NonNullable<CheckoutView['receipts']> }) {
  const { t } = useMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const inputRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const inputId = useId();
  const messageId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const files = [...(inputRef.current?.files ?? [])];
    if (files.length === 0) return setStatus({ kind: 'error', text: t.receiptsChooseFirst });
    if (files.length > receipts.remaining) return setStatus({ kind: 'error', text: t.receiptsTooMany(receipts.remaining) });
    const body = new FormData();
    for (const file of files) body.append('images', file);
    setStatus({ kind: 'sending' });
    try {
      const response = await fetch(`/pay/${encodeURIComponent(token)}/receipts`, { method: 'POST', body });
      const answer = (await response.json()) as { attached?: number; error?: { code: string; message: string } };
      if (!response.ok) return setStatus({ kind: 'error', text: t.describeError(answer.error?.code, answer.error?.message ?? '') });
      if (inputRef.current) inputRef.current.value = '';
      // The count on the status line comes from the order itself, so it waits for the new view.
      await queryClient.invalidateQueries({ queryKey: trpc.checkout.view.queryKey({ token }) });
      setStatus({ kind: 'idle' });
    } catch {
      setStatus({ kind: 'error', text: t.describeError(undefined, '') });
    }
  }

  return (
    <form className="checkout-receipts" aria-labelledby={headingId} onSubmit={(event) => void submit(event)} noValidate>
      <h2 id={headingId}>{t.receiptsHeading}</h2>
      <p>{t.receiptsIntro}</p>
      {receipts.remaining > 0 ? (
        <>
          <label htmlFor={inputId}>{t.receiptsLabel(receipts.remaining)}</label>
          <input
            ref={inputRef}
            id={inputId}
            name="images"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            multiple
            aria-describedby={status.kind === 'error' ? messageId : undefined}
            aria-invalid={status.kind === 'error' || undefined}
            disabled={status.kind === 'sending'}
          />
          <button type="submit" className="button button-secondary button-block" disabled={status.kind === 'sending'}>
            {status.kind === 'sending' ? t.sending : t.receiptsAttach}
          </button>
        </>
      ) : null}
      <ReceiptStatusLine attached={receipts.attached} full={receipts.remaining === 0} error={status.kind === 'error' ? status.text : null} errorId={messageId} />
    </form>
  );
}

/**
 * The upload's one status line: the refusal when the last attempt failed, else how many screenshots
 * the order holds (and that no more fit). One live line, so a screen reader hears each change once
 * and the page never shows the same count twice.
 */
function ReceiptStatusLine({ attached, full, error, errorId }: { attached: number; full: boolean; error: string | null; errorId: string }) {
  const { t } = useMessages();
  if (error !== null) {
    return (
      <p id={errorId} className="checkout-error" role="alert" data-testid="receipts-status">
        {error}
      </p>
    );
  }
  return (
    <p role="status" className={attached > 0 ? 'checkout-success' : 'checkout-hint'} data-testid="receipts-status">
      {attached > 0 ? t.receiptsAttached(attached) : null}
      {full ? ` ${t.receiptsFull}` : null}
    </p>
  );
}
