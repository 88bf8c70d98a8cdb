'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ConfirmDialog } from '../../../_components/console/confirm-dialog';
import { ErrorLine } from '../../../_components/console/error-line';
import { useOperatorLang } from '../../_components/messages-context';
import { traderPayoutCapMessages } from './trader-payout-cap-messages';

/** One trader's open payout tasks against its cap, and its own cap (docs/routing.md, "Payout dispatch"). */
export function TraderPayoutCap({ traders }: { traders: { id: string; name: string }[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const m = traderPayoutCapMessages[useOperatorLang()];
  const [traderId, setTraderId] = useState('');
  const [form, setForm] = useState({ cap: '', reason: '' });
  const [confirming, setConfirming] = useState(false);
  const load = useQuery({ ...trpc.operator.traders.payoutTasks.queryOptions({ traderId }), enabled: traderId !== '' });
  const setCap = useMutation(
    trpc.operator.traders.setPayoutTaskCap.mutationOptions({
      onSuccess: (next) => {
        setForm({ cap: '', reason: '' });
        queryClient.setQueryData(trpc.operator.traders.payoutTasks.queryKey({ traderId }), next);
      },
    }),
  );
  const name = traders.find((t) => t.id === traderId)?.name ?? '';
  const s = load.data;
  const capText = form.cap.trim();

  return (
    <>
      <h2>{m.heading}</h2>
      <p>{m.lead}</p>
      <label>
        {m.trader}{' '}
        <select
          value={traderId}
          onChange={(e) => {
            setTraderId(e.target.value);
            setCap.reset();
          }}
        >
          <option value="">{m.choose}</option>
          {traders.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </label>
      {traderId && load.isPending ? <p aria-busy="true">{m.loading}</p> : null}
      <ErrorLine error={load.error} />
      {s ? (
        <>
          <dl className="facts">
            <dt>{m.openTasks}</dt>
            <dd>{s.openTasks}</dd>
            <dt>{m.cap}</dt>
            <dd>
              {s.cap ?? m.none} ({s.ownCap !== null ? m.own : m.platform})
            </dd>
            <dt>{m.mode}</dt>
            <dd>{m.modes[s.mode]}</dd>
          </dl>

          <h3>{m.overrideHeading}</h3>
          <p>{m.overrideLead}</p>
          <form
            className="console-form is-grid"
            aria-label={m.overrideHeading}
            onSubmit={(event) => {
              event.preventDefault();
              setCap.reset();
              setConfirming(true);
            }}
          >
            <label>
              {m.capField}
              <input inputMode="numeric" pattern="[0-9]*" placeholder={s.cap === null ? '' : String(s.cap)} value={form.cap} onChange={(e) => setForm({ ...form, cap: e.target.value })} />
            </label>
            <label>
              {m.reason}
              <input required maxLength={500} value={form.reason} onChange={(e) => setForm({ ...form, reason: e.target.value })} />
            </label>
            <button type="submit" className="button is-primary" disabled={setCap.isPending}>
              {m.save}
            </button>
          </form>
          <ConfirmDialog
            open={confirming}
            title={m.confirmTitle(name, capText)}
            consequence={m.confirmConsequence(form.reason.trim())}
            confirmLabel={m.confirmLabel}
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false);
              setCap.mutate({ traderId, cap: capText === '' ? null : Number(capText), reason: form.reason });
            }}
          />
          <ErrorLine error={setCap.error} labels={{ cap: m.capField, reason: m.reason }} />
          {setCap.isSuccess ? (
            <p role="status" className="console-ok">
              {m.saved}
            </p>
          ) : null}
        </>
      ) : null}
    </>
  );
}
