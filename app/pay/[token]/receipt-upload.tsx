'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTRPC } from '../../_trpc/client';
import { useMessages } from './messages-context';
import type { CheckoutView } from './types';

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'error'; text: string } | { kind: 'done'; count: number };

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
      setStatus({ kind: 'done', count: answer.attached ?? files.length });
      if (inputRef.current) inputRef.current.value = '';
      await queryClient.invalidateQueries({ queryKey: trpc.checkout.view.queryKey({ token }) });
    } catch {
      setStatus({ kind: 'error', text: t.describeError(undefined, '') });
    }
  }

  return (
    <form className="checkout-receipts" aria-labelledby={headingId} onSubmit={(event) => void submit(event)} noValidate>
      <h2 id={headingId}>{t.receiptsHeading}</h2>
      <p>{t.receiptsIntro}</p>
      {receipts.attached > 0 ? <p className="checkout-hint">{t.receiptsAttached(receipts.attached)}</p> : null}
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
      ) : (
        <p className="checkout-hint">{t.receiptsFull}</p>
      )}
      {status.kind === 'error' ? (
        <p id={messageId} className="checkout-error" role="alert">
          {status.text}
        </p>
      ) : null}
      {status.kind === 'done' ? (
        <p role="status" className="checkout-success">
          {t.receiptsAttached(status.count)}
        </p>
      ) : null}
    </form>
  );
}
