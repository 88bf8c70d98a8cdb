'use client';

import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { buyerReportKinds, waitsAfterPaying, type BuyerReportKind } from '../../../common/buyer-report-kind';
import { useTRPC } from '../../_trpc/client';
import { useMessages } from './messages-context';
import { MutationError } from './mutation-error';
import { ReportOpens } from './report-opens';
import { useViewUpdate } from './use-view-update';

// The limits of the checkout router's reportProblem input.
const MAX_LENGTH = 500;

/**
 * The buyer's report, behind a button so the waiting screen stays short. A mistake the buyer knows of
 * can be reported at once; "the payee has not confirmed" opens at `reportFrom`, counted down beside
 * it with the reason for the wait (common/buyer-report-kind.ts).
 */
export function ReportProblemForm({
  token,
  hasReceipts,
  reportFrom,
  now,
  waitMinutes,
  rulingHours,
}: {
  token: string;
  hasReceipts: boolean;
  reportFrom: string | null;
  now: number | null;
  waitMinutes: number;
  rulingHours: number;
}) {
  const { t } = useMessages();
  const trpc = useTRPC();
  const report = useMutation(trpc.checkout.reportProblem.mutationOptions(useViewUpdate(token)));
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<BuyerReportKind | null>(null);
  const [message, setMessage] = useState('');
  const [missing, setMissing] = useState<'kind' | 'message' | null>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const kindsRef = useRef<HTMLFieldSetElement>(null);
  const focusOnOpen = useRef(false);
  const ids = { heading: useId(), form: useId(), field: useId(), hint: useId(), count: useId(), error: useId(), kindError: useId(), opens: useId() };
  const notConfirmedOpen = reportFrom !== null && now !== null && now >= Date.parse(reportFrom);
  const available = (option: BuyerReportKind) => !waitsAfterPaying(option) || notConfirmedOpen;

  function focusFirstChoice() {
    kindsRef.current?.querySelector<HTMLInputElement>('input[type="radio"]:not(:disabled)')?.focus();
  }

  useEffect(() => {
    if (open && focusOnOpen.current) {
      focusOnOpen.current = false;
      focusFirstChoice();
    }
  }, [open]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (kind === null || !available(kind)) {
      setMissing('kind');
      focusFirstChoice();
      return;
    }
    const trimmed = message.trim();
    if (trimmed.length === 0) {
      setMissing('message');
      fieldRef.current?.focus();
      return;
    }
    report.mutate({ token, kind, message: trimmed });
  }

  const describedBy = [ids.hint, ids.count, missing === 'message' ? ids.error : null].filter(Boolean).join(' ');
  return (
    <section className="checkout-report" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>{t.reportHeading}</h2>
      <p>{t.reportIntro}</p>
      <button
        type="button"
        className="button button-secondary button-block"
        aria-expanded={open}
        // Named only while the form exists: a reference to a missing element is not valid ARIA.
        aria-controls={open ? ids.form : undefined}
        onClick={() => {
          focusOnOpen.current = !open;
          setOpen(!open);
        }}
      >
        {open ? t.reportClose : t.reportOpen}
      </button>
      {open ? (
        <form id={ids.form} className="checkout-report-form" aria-labelledby={ids.heading} onSubmit={submit} noValidate>
          <fieldset ref={kindsRef} aria-describedby={missing === 'kind' ? ids.kindError : undefined} disabled={report.isPending}>
            <legend>{t.reportKindLegend}</legend>
            {buyerReportKinds.map((option) => (
              <label key={option}>
                <input
                  type="radio"
                  name="kind"
                  value={option}
                  checked={kind === option}
                  disabled={!available(option)}
                  aria-describedby={!available(option) && reportFrom ? ids.opens : undefined}
                  onChange={() => {
                    setKind(option);
                    if (missing === 'kind') setMissing(null);
                  }}
                />
                {t.reportKinds[option]}
              </label>
            ))}
            {!notConfirmedOpen && reportFrom ? <ReportOpens id={ids.opens} from={reportFrom} now={now} waitMinutes={waitMinutes} rulingHours={rulingHours} /> : null}
          </fieldset>
          {missing === 'kind' ? (
            <p id={ids.kindError} className="checkout-error" role="alert">
              {t.reportKindRequired}
            </p>
          ) : null}
          <label htmlFor={ids.field}>{t.reportLabel}</label>
          <p id={ids.hint} className="checkout-hint">
            {t.reportHint}
            {hasReceipts ? ` ${t.receiptsWithReport}` : null}
          </p>
          <textarea
            ref={fieldRef}
            id={ids.field}
            name="message"
            rows={4}
            required
            maxLength={MAX_LENGTH}
            value={message}
            onChange={(event) => {
              setMessage(event.target.value);
              if (missing === 'message' && event.target.value.trim()) setMissing(null);
            }}
            aria-invalid={missing === 'message' || undefined}
            aria-describedby={describedBy}
            disabled={report.isPending}
          />
          <p id={ids.count} className="checkout-hint">
            {t.charactersLeft(MAX_LENGTH - message.length)}
          </p>
          {missing === 'message' ? (
            <p id={ids.error} className="checkout-error" role="alert">
              {t.reportRequired}
            </p>
          ) : null}
          <button type="submit" className="button button-primary button-block" disabled={report.isPending}>
            {report.isPending ? t.sending : t.reportSubmit}
          </button>
          <MutationError error={report.error} />
        </form>
      ) : null}
    </section>
  );
}
