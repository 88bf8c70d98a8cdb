'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ErrorLine, FieldError } from '../../../_components/console/error-line';
import { SplitLegsList } from './split-legs';

type Choice = { ruling: string; label: string; effect: string };

/**
 * The ruling (docs/operator-guide.md, "Rulings"): a reason code, a required note, one of the rulings
 * (the case's two, or a split by amount), then a confirmation that says what the money will do. A
 * split's confirmation shows the exact legs the ledger will post. Above the four-eyes threshold the
 * confirmation says the ruling becomes a proposal for a second operator. Only the claim holder sees
 * it; while a proposal is pending it gives way to the proposal's panel.
 */
export function RulingForm({ flow, orderId, rulings, onRuled }: { flow: 'payout' | 'payin'; orderId: string; rulings: Choice[]; onRuled: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ref = { flow, orderId };
  const context = useQuery(trpc.operator.disputes.rulingContext.queryOptions(ref));
  const [reasonCode, setReasonCode] = useState('');
  const [note, setNote] = useState('');
  const [splitAmount, setSplitAmount] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState<Choice | null>(null);
  const preview = useQuery({
    ...trpc.operator.disputes.previewSplit.queryOptions({ ...ref, amount: splitAmount.trim() }),
    enabled: pending?.ruling === 'split',
    retry: false,
  });
  const rule = useMutation(
    trpc.operator.disputes.rule.mutationOptions({
      onSuccess: () => {
        setPending(null);
        void queryClient.invalidateQueries({ queryKey: trpc.operator.disputes.rulingContext.queryKey(ref) });
        onRuled();
      },
    }),
  );

  if (context.isPending) return <p aria-busy="true">Loading the ruling form…</p>;
  if (context.isError) return <ErrorLine error={context.error} />;
  // The proposal's panel (ruling-proposal.tsx) shows the pending ruling and who may decide it.
  if (context.data.proposal) return null;
  const { reasons, splitBase, splitDecimals, needsFourEyes, fourEyesThreshold, lastDecision } = context.data;
  const splitLabel = flow === 'payout' ? `Split: USDT to the trader (of ${splitBase})` : `Split: USDT of the escrow to the merchant (of ${splitBase})`;
  const split: Choice = {
    ruling: 'split',
    label: 'Split by amount',
    effect:
      flow === 'payout'
        ? 'COMPLETED: the trader gets the amount, the platform the fee pro rata, the merchant the rest of the frozen USDT back.'
        : 'COMPLETED: the merchant gets the share less the fee pro rata, the trader the rest of the escrow back.',
  };

  const choose = (choice: Choice) => {
    rule.reset();
    const problem =
      reasonCode === ''
        ? 'Choose a reason code first.'
        : note.trim().length === 0
          ? 'Write a note first: it is the record of why the money moved.'
          : choice.ruling === 'split' && splitAmount.trim() === ''
            ? `Enter the split amount first (more than 0 and less than ${splitBase}).`
            : null;
    setFormError(problem);
    setPending(problem ? null : choice);
  };

  const confirm = () => {
    if (!pending) return;
    const amount = pending.ruling === 'split' ? splitAmount.trim() : undefined;
    const input =
      flow === 'payout'
        ? { flow, orderId, ruling: pending.ruling as 'release' | 'refund' | 'split', reasonCode: reasonCode as never, splitAmount: amount, note }
        : { flow, orderId, ruling: pending.ruling as 'complete' | 'fail' | 'split', reasonCode: reasonCode as never, splitAmount: amount, note };
    rule.mutate(input);
  };
  const edit = () => {
    setFormError(null);
    setPending(null);
  };

  return (
    <section aria-labelledby="ruling-heading" className="console-form">
      <h2 id="ruling-heading" style={{ marginTop: 0 }}>
        Ruling
      </h2>
      {lastDecision ? (
        <p role="status">
          {lastDecision.status === 'rejected'
            ? `${lastDecision.decidedBy} rejected the proposed ruling${lastDecision.reason ? `: “${lastDecision.reason}”` : '.'}`
            : `${lastDecision.decidedBy} withdrew the proposed ruling.`}
        </p>
      ) : null}
      <label>
        Reason code (required)
        <select
          value={reasonCode}
          aria-describedby="ruling-reason-error"
          onChange={(event) => {
            setReasonCode(event.target.value);
            edit();
          }}
        >
          <option value="">Choose…</option>
          {reasons.map((reason) => (
            <option key={reason.code} value={reason.code}>
              {reason.label} ({reason.code})
            </option>
          ))}
        </select>
      </label>
      <FieldError error={rule.error} path="reasonCode" id="ruling-reason-error" />
      <label>
        Ruling note (required)
        <textarea
          value={note}
          maxLength={1000}
          aria-describedby="ruling-note-help"
          onChange={(event) => {
            setNote(event.target.value);
            edit();
          }}
        />
      </label>
      <small id="ruling-note-help">
        {flow === 'payout'
          ? '1 to 1000 characters. Sent to the merchant in the payout.dispute_resolved event, and kept in the timeline and the audit log: write it for the merchant to read.'
          : '1 to 1000 characters; kept in the timeline and the audit log, and sent to the merchant in order.dispute_resolved when you split.'}
      </small>
      <label>
        {splitLabel}
        <input
          inputMode="decimal"
          value={splitAmount}
          aria-describedby="ruling-split-help ruling-split-error"
          onChange={(event) => {
            setSplitAmount(event.target.value);
            edit();
          }}
        />
      </label>
      <small id="ruling-split-help">
        Only for a split: {splitDecimals === 2 ? 'exactly 2 decimals' : 'up to 6 decimals'}, more than 0 and less than {splitBase} USDT.
      </small>
      <FieldError error={rule.error ?? preview.error} path="splitAmount" id="ruling-split-error" />
      {needsFourEyes ? (
        <p role="note">
          This order holds more than the four-eyes threshold of {fourEyesThreshold} USDT: your ruling becomes a proposal, applied only when another operator approves it.
        </p>
      ) : null}
      {formError ? (
        <p role="alert" className="console-error">
          {formError}
        </p>
      ) : null}
      {pending ? (
        <div role="group" aria-label="Confirm the ruling">
          <p>
            <strong>{pending.label}?</strong> {pending.effect} {needsFourEyes ? 'It waits for a second operator before anything moves.' : 'This cannot be undone.'}
          </p>
          {pending.ruling === 'split' ? (
            preview.data ? (
              <SplitLegsList flow={flow} legs={preview.data} />
            ) : preview.isError ? (
              <ErrorLine error={preview.error} />
            ) : (
              <p aria-busy="true">Working out the split…</p>
            )
          ) : null}
          <div className="button-row">
            <button type="button" className="button is-danger" disabled={rule.isPending || (pending.ruling === 'split' && !preview.data)} onClick={confirm}>
              {rule.isPending ? 'Ruling…' : needsFourEyes ? `Confirm: propose ${pending.label}` : `Confirm: ${pending.label}`}
            </button>
            <button type="button" className="button" disabled={rule.isPending} onClick={() => setPending(null)}>
              Back
            </button>
          </div>
        </div>
      ) : (
        <div className="button-row">
          {[...rulings, split].map((choice) => (
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
