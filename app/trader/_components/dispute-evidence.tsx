'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { MAX_PROOF_BYTES } from '../../../common/proof-limits';
import { useTRPC } from '../../_trpc/client';
import { errorText, formatTime } from './format';
import { useTraderMessages } from './messages-context';

/** The file's bytes as base64, for the JSON the dashboard sends (the server checks the image). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * The trader's side of a disputed payout or pay-in (docs/trader-guide.md, "Disputes"): the
 * operator's open requests with their deadline, the paused clock, what the trader already sent,
 * and a form for a statement and up to 3 images. Sending answers the open requests. The form opens
 * on demand behind "Add evidence": a page of several disputed orders would otherwise be one long
 * column of forms, and opening moves the focus into the form so a keyboard user lands where they type.
 */
export function DisputeEvidence({ flow, orderId, orderNo }: { flow: 'payout' | 'payin'; orderId: string; orderNo: string }) {
  const { lang, t } = useTraderMessages();
  const m = t.disputeEvidence;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ref = { flow, orderId };
  const evidence = useQuery(trpc.trader.evidence.get.queryOptions(ref));
  const [statement, setStatement] = useState('');
  const [problem, setProblem] = useState('');
  const [sent, setSent] = useState('');
  const [open, setOpen] = useState(false);
  const files = useRef<HTMLInputElement>(null);
  const statementRef = useRef<HTMLTextAreaElement>(null);
  const focusOnOpen = useRef(false);
  const ids = { statement: useId(), files: useId(), help: useId(), status: useId(), form: useId() };
  const add = useMutation(trpc.trader.evidence.add.mutationOptions());

  useEffect(() => {
    if (open && focusOnOpen.current) {
      focusOnOpen.current = false;
      statementRef.current?.focus();
    }
  }, [open]);

  // The clock of the dispute's countdown, moving every 30 s (minutes are shown).
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  if (!evidence.data) return null;
  const { requests, items, canAdd, timersPausedAt, imagesRemaining, answerDueAt } = evidence.data;
  const leftMinutes = answerDueAt ? Math.max(0, Math.floor((Date.parse(answerDueAt) - now) / 60_000)) : 0;

  async function submit() {
    setProblem('');
    setSent('');
    const picked = Array.from(files.current?.files ?? []);
    if (picked.length > imagesRemaining) return setProblem(m.tooManyImages(imagesRemaining));
    if (picked.some((file) => file.size > MAX_PROOF_BYTES)) return setProblem(m.tooLarge);
    if (statement.trim() === '' && picked.length === 0) return setProblem(m.empty);
    const images = await Promise.all(picked.map(base64Of));
    try {
      await add.mutateAsync({ flow, orderId, ...(statement.trim() ? { statement } : {}), images });
    } catch (error) {
      return setProblem(errorText(error, t));
    }
    setStatement('');
    if (files.current) files.current.value = '';
    setSent(m.sent);
    await queryClient.invalidateQueries({ queryKey: trpc.trader.evidence.get.queryKey(ref) });
  }

  return (
    <section className="trader-proof" aria-label={m.region(orderNo)}>
      {timersPausedAt ? <p className="trader-muted">{m.paused(formatTime(timersPausedAt, lang))}</p> : null}
      {answerDueAt ? (
        <p className="trader-confirm" role="note" data-testid="dispute-answer-due">
          {m.disputeDueBy(formatTime(answerDueAt, lang), m.timeLeft(Math.floor(leftMinutes / 60), leftMinutes % 60))}
        </p>
      ) : null}
      {requests.map((request) => (
        <div key={request.id} className="trader-confirm" role="note" aria-label={m.requestLabel}>
          <strong>{m.asks}</strong> <span translate="no">“{request.message}”</span>
          <div>{m.answerBy(formatTime(request.dueAt, lang))}</div>
        </div>
      ))}
      {items.length > 0 ? (
        <ul aria-label={m.sentList}>
          {items.map((item) => (
            <li key={item.id}>
              {formatTime(item.createdAt, lang)}: <span translate="no">{item.statement ? `“${item.statement}”` : ''}</span> {item.files.length > 0 ? m.images(item.files.length) : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {canAdd ? (
        <button
          type="button"
          className="trader-button trader-evidence-toggle"
          aria-expanded={open}
          // Named only while the form exists: a reference to a missing element is not valid ARIA.
          aria-controls={open ? ids.form : undefined}
          onClick={() => {
            focusOnOpen.current = !open;
            setOpen(!open);
          }}
        >
          {open ? m.close : m.open}
        </button>
      ) : null}
      {canAdd && open ? (
        <form
          id={ids.form}
          className="trader-form"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <label htmlFor={ids.statement}>{m.statement}</label>
          <textarea ref={statementRef} id={ids.statement} value={statement} maxLength={2000} aria-describedby={ids.help} onChange={(event) => setStatement(event.target.value)} />
          <label htmlFor={ids.files}>{m.files(imagesRemaining)}</label>
          <input id={ids.files} ref={files} type="file" accept="image/jpeg,image/png,image/webp" multiple disabled={imagesRemaining === 0} aria-describedby={ids.help} />
          <span id={ids.help} className="trader-hint">
            {m.onlyOperators}
          </span>
          <button type="submit" className="trader-button is-primary" disabled={add.isPending}>
            {add.isPending ? m.sending : m.send}
          </button>
          <p id={ids.status} role="status" className={problem ? 'trader-error' : 'trader-success'}>
            {problem || sent}
          </p>
        </form>
      ) : null}
    </section>
  );
}
