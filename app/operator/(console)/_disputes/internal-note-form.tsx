'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ErrorLine, FieldError } from '../../../_components/console/error-line';
import { useOperatorLang } from '../../_components/messages-context';
import { disputesMessages } from './disputes-messages';

/** An operators-only note in the case timeline (docs/operator-guide.md, "Evidence"): never shown to a party. */
export function InternalNoteForm({ flow, orderId }: { flow: 'payout' | 'payin'; orderId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const t = disputesMessages[useOperatorLang()].note;
  const ids = { note: useId(), help: useId(), error: useId() };
  const add = useMutation(
    trpc.operator.disputeProcess.addNote.mutationOptions({
      onSuccess: () => {
        setNote('');
        return queryClient.invalidateQueries({ queryKey: trpc.operator.disputes.get.queryKey({ flow, orderId }) });
      },
    }),
  );
  return (
    <form
      className="console-form"
      aria-label={t.form}
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate({ flow, orderId, note });
      }}
    >
      <label htmlFor={ids.note}>{t.label}</label>
      <textarea id={ids.note} value={note} maxLength={2000} required aria-describedby={`${ids.help} ${ids.error}`} onChange={(event) => setNote(event.target.value)} />
      <small id={ids.help}>{t.help}</small>
      <FieldError error={add.error} path="note" id={ids.error} />
      <div className="button-row">
        <button type="submit" className="button" disabled={add.isPending}>
          {add.isPending ? t.adding : t.add}
        </button>
      </div>
      <ErrorLine error={add.error} labels={{ note: t.label }} />
    </form>
  );
}
