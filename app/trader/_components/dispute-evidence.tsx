'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { MAX_PROOF_BYTES } from '../../../common/proof-limits';
import { useTRPC } from '../../_trpc/client';
import { formatTime } from './format';

/** The file's bytes as base64, for the JSON the dashboard sends (the server checks the image). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The refusal as the trader reads it: the message and the code of docs/errors.md. */
function refusal(error: unknown): string {
  const shape = error as { message?: string; data?: { code?: string; details?: { path: string; message: string }[] } };
  const details = (shape.data?.details ?? []).map((detail) => `${detail.path}: ${detail.message}`).join('; ');
  return `${details || shape.message || 'The evidence was not sent.'} (${shape.data?.code ?? 'ERROR'})`;
}

/**
 * The trader's side of a disputed payout or pay-in (docs/trader-guide.md, "Disputes"): the
 * operator's open requests with their deadline, the paused clock, what the trader already sent,
 * and a form for a statement and up to 3 images. Sending answers the open requests.
 */
export function DisputeEvidence({ flow, orderId, orderNo }: { flow: 'payout' | 'payin'; orderId: string; orderNo: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ref = { flow, orderId };
  const evidence = useQuery(trpc.trader.evidence.get.queryOptions(ref));
  const [statement, setStatement] = useState('');
  const [problem, setProblem] = useState('');
  const [sent, setSent] = useState('');
  const files = useRef<HTMLInputElement>(null);
  const ids = { statement: useId(), files: useId(), help: useId(), status: useId() };
  const add = useMutation(trpc.trader.evidence.add.mutationOptions());

  if (!evidence.data) return null;
  const { requests, items, canAdd, timersPausedAt, imagesRemaining } = evidence.data;

  async function submit() {
    setProblem('');
    setSent('');
    const picked = Array.from(files.current?.files ?? []);
    if (picked.length > imagesRemaining) return setProblem(`At most ${imagesRemaining} more image${imagesRemaining === 1 ? '' : 's'} on this order.`);
    if (picked.some((file) => file.size > MAX_PROOF_BYTES)) return setProblem('Each image must be at most 5 MB.');
    if (statement.trim() === '' && picked.length === 0) return setProblem('Write a statement, add images, or both.');
    const images = await Promise.all(picked.map(base64Of));
    try {
      await add.mutateAsync({ flow, orderId, ...(statement.trim() ? { statement } : {}), images });
    } catch (error) {
      return setProblem(refusal(error));
    }
    setStatement('');
    if (files.current) files.current.value = '';
    setSent('Sent to the operator.');
    await queryClient.invalidateQueries({ queryKey: trpc.trader.evidence.get.queryKey(ref) });
  }

  return (
    <section className="trader-proof" aria-label={`Dispute evidence for ${orderNo}`}>
      {timersPausedAt ? <p className="trader-muted">Deadlines on this order are paused since {formatTime(timersPausedAt)} while an operator reviews it.</p> : null}
      {requests.map((request) => (
        <div key={request.id} className="trader-confirm" role="note" aria-label="The operator asks you">
          <strong>The operator asks you:</strong> “{request.message}”
          <div>Answer by {formatTime(request.dueAt)}.</div>
        </div>
      ))}
      {items.length > 0 ? (
        <ul aria-label="Evidence you sent">
          {items.map((item) => (
            <li key={item.id}>
              {formatTime(item.createdAt)}: {item.statement ? `“${item.statement}”` : ''} {item.files.length > 0 ? `(${item.files.length} image${item.files.length === 1 ? '' : 's'})` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {canAdd ? (
        <form
          className="trader-form"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <label htmlFor={ids.statement}>Your statement for the operator</label>
          <textarea id={ids.statement} value={statement} maxLength={2000} aria-describedby={ids.help} onChange={(event) => setStatement(event.target.value)} />
          <label htmlFor={ids.files}>Images (up to {imagesRemaining} more: JPEG, PNG or WebP, 5 MB each)</label>
          <input id={ids.files} ref={files} type="file" accept="image/jpeg,image/png,image/webp" multiple disabled={imagesRemaining === 0} aria-describedby={ids.help} />
          <span id={ids.help} className="trader-hint">
            Only operators see what you send here.
          </span>
          <button type="submit" className="trader-button is-primary" disabled={add.isPending}>
            {add.isPending ? 'Sending…' : 'Send evidence'}
          </button>
          <p id={ids.status} role="status" className={problem ? 'trader-error' : 'trader-success'}>
            {problem || sent}
          </p>
        </form>
      ) : null}
    </section>
  );
}
