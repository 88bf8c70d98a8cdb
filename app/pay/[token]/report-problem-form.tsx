'use client';

import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTRPC } from '../../_trpc/client';
import { useMessages } from './messages-context';
import { MutationError } from './mutation-error';
import { useViewUpdate } from './use-view-update';

// The limits of the checkout router's reportProblem input.
const MAX_LENGTH = 500;

export function ReportProblemForm({ token, hasReceipts }: { token: string; hasReceipts: boolean }) {
  const { t } = useMessages();
  const trpc = useTRPC();
  const report = useMutation(trpc.checkout.reportProblem.mutationOptions(useViewUpdate(token)));
  const [message, setMessage] = useState('');
  const [missing, setMissing] = useState(false);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const headingId = useId();
  const fieldId = useId();
  const hintId = useId();
  const countId = useId();
  const errorId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = message.trim();
    if (trimmed.length === 0) {
      setMissing(true);
      fieldRef.current?.focus();
      return;
    }
    report.mutate({ token, message: trimmed });
  }

  const describedBy = [hintId, countId, missing ? errorId : null].filter(Boolean).join(' ');
  return (
    <form className="checkout-report" aria-labelledby={headingId} onSubmit={submit} noValidate>
      <h2 id={headingId}>{t.reportHeading}</h2>
      <p>
        {t.reportIntro}
        {hasReceipts ? ` ${t.receiptsWithReport}` : null}
      </p>
      <label htmlFor={fieldId}>{t.reportLabel}</label>
      <p id={hintId} className="checkout-hint">
        {t.reportHint}
      </p>
      <textarea
        ref={fieldRef}
        id={fieldId}
        name="message"
        rows={4}
        required
        maxLength={MAX_LENGTH}
        value={message}
        onChange={(event) => {
          setMessage(event.target.value);
          if (missing && event.target.value.trim()) setMissing(false);
        }}
        aria-invalid={missing || undefined}
        aria-describedby={describedBy}
        disabled={report.isPending}
      />
      <p id={countId} className="checkout-hint">
        {t.charactersLeft(MAX_LENGTH - message.length)}
      </p>
      {missing ? (
        <p id={errorId} className="checkout-error" role="alert">
          {t.reportRequired}
        </p>
      ) : null}
      <button type="submit" className="button button-primary button-block" disabled={report.isPending}>
        {report.isPending ? t.sending : t.reportSubmit}
      </button>
      <MutationError error={report.error} />
    </form>
  );
}
