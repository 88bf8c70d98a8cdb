'use client';

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ErrorLine } from '../../_components/error-line';

type Ruling = 'release' | 'refund' | 'complete' | 'fail';

/**
 * The ruling: a required note, one of the two buttons, then a confirmation that says what the
 * money will do. Only the claim holder sees it enabled.
 */
export function RulingForm({
  flow,
  orderId,
  rulings,
  onRuled,
}: {
  flow: 'payout' | 'payin';
  orderId: string;
  rulings: { ruling: string; label: string; effect: string }[];
  onRuled: () => void;
}) {
  const trpc = useTRPC();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [pending, setPending] = useState<{ ruling: Ruling; label: string; effect: string } | null>(null);
  const rule = useMutation(trpc.operator.disputes.rule.mutationOptions({ onSuccess: onRuled }));

  const choose = (choice: { ruling: string; label: string; effect: string }) => {
    rule.reset();
    if (note.trim().length === 0) {
      setNoteError('Write a note first: it is the record of why the money moved.');
      return;
    }
    setNoteError(null);
    setPending({ ...choice, ruling: choice.ruling as Ruling });
  };

  const confirm = () => {
    if (!pending) return;
    const input =
      flow === 'payout'
        ? { flow, orderId, ruling: pending.ruling as 'release' | 'refund', note }
        : { flow, orderId, ruling: pending.ruling as 'complete' | 'fail', note };
    rule.mutate(input);
  };

  return (
    <section aria-labelledby="ruling-heading" className="console-form">
      <h2 id="ruling-heading" style={{ marginTop: 0 }}>
        Ruling
      </h2>
      <label>
        Ruling note (required)
        <textarea
          value={note}
          maxLength={1000}
          aria-invalid={noteError ? true : undefined}
          aria-describedby="ruling-note-help"
          onChange={(event) => {
            setNote(event.target.value);
            setNoteError(null);
            setPending(null);
          }}
        />
      </label>
      <small id="ruling-note-help">
        {flow === 'payout'
          ? '1 to 1000 characters. Sent to the merchant in the payout.dispute_resolved event, and kept in the timeline and the audit log: write it for the merchant to read.'
          : '1 to 1000 characters; kept in the timeline and the audit log.'}
      </small>
      {noteError ? (
        <p role="alert" className="console-error">
          {noteError}
        </p>
      ) : null}
      {pending ? (
        <div role="group" aria-label="Confirm the ruling">
          <p>
            <strong>{pending.label}?</strong> {pending.effect} This cannot be undone.
          </p>
          <div className="button-row">
            <button type="button" className="button is-danger" disabled={rule.isPending} onClick={confirm}>
              {rule.isPending ? 'Ruling…' : `Confirm: ${pending.label}`}
            </button>
            <button type="button" className="button" disabled={rule.isPending} onClick={() => setPending(null)}>
              Back
            </button>
          </div>
        </div>
      ) : (
        <div className="button-row">
          {rulings.map((choice) => (
            <button key={choice.ruling} type="button" className="button is-primary" onClick={() => choose(choice)}>
              {choice.label}
            </button>
          ))}
        </div>
      )}
      <ErrorLine error={rule.error} />
    </section>
  );
}
