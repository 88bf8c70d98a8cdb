'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatUsdt } from '../../../../common/amount-display';
import { useTRPC } from '../../../_trpc/client';
import { ConfirmDialog } from '../../../_components/console/confirm-dialog';
import { ErrorLine } from '../../../_components/console/error-line';
import { useOperatorLang } from '../../_components/messages-context';
import { traderBondMessages } from './trader-bond-messages';

/** One trader's bond, exposure, cap and penalties, and its own multiple (docs/routing.md, "Bond and exposure"). */
export function TraderBond({ traders }: { traders: { id: string; name: string }[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const m = traderBondMessages[useOperatorLang()];
  const [traderId, setTraderId] = useState('');
  const [form, setForm] = useState({ multiple: '', reason: '' });
  const [confirming, setConfirming] = useState(false);
  const status = useQuery({ ...trpc.operator.traders.bond.queryOptions({ traderId }), enabled: traderId !== '' });
  const setMultiple = useMutation(
    trpc.operator.traders.setBondMultiple.mutationOptions({
      onSuccess: (next) => {
        setForm({ multiple: '', reason: '' });
        queryClient.setQueryData(trpc.operator.traders.bond.queryKey({ traderId }), next);
      },
    }),
  );
  const name = traders.find((t) => t.id === traderId)?.name ?? '';
  const s = status.data;

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
            setMultiple.reset();
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
      {traderId && status.isPending ? <p aria-busy="true">{m.loading}</p> : null}
      <ErrorLine error={status.error} />
      {s ? (
        <>
          <dl className="facts">
            <dt>{m.bond}</dt>
            <dd>{formatUsdt(s.bond)}</dd>
            <dt>{m.exposure}</dt>
            <dd>
              {formatUsdt(s.exposure)} ({m.escrowed} {formatUsdt(s.escrowed)}, {m.payoutsUnpaid} {formatUsdt(s.payoutsUnpaid)})
            </dd>
            <dt>{m.multiple}</dt>
            <dd>
              × {s.multiple} ({s.multipleOverridden ? m.own : m.platform})
            </dd>
            <dt>{m.cap}</dt>
            <dd>
              {formatUsdt(s.cap)} — {s.capEnabled ? m.capOn : m.capOff}
            </dd>
            <dt>{m.free}</dt>
            <dd>{formatUsdt(s.free)}</dd>
          </dl>

          <h3>{m.overrideHeading}</h3>
          <p>{m.overrideLead}</p>
          <form
            className="console-form is-grid"
            aria-label={m.overrideHeading}
            onSubmit={(event) => {
              event.preventDefault();
              setMultiple.reset();
              setConfirming(true);
            }}
          >
            <label>
              {m.multipleField}
              <input inputMode="decimal" placeholder={s.multiple} value={form.multiple} onChange={(e) => setForm({ ...form, multiple: e.target.value })} />
            </label>
            <label>
              {m.reason}
              <input required maxLength={500} value={form.reason} onChange={(e) => setForm({ ...form, reason: e.target.value })} />
            </label>
            <button type="submit" className="button is-primary" disabled={setMultiple.isPending}>
              {m.save}
            </button>
          </form>
          <ConfirmDialog
            open={confirming}
            title={m.confirmTitle(name, form.multiple.trim())}
            consequence={m.confirmConsequence(form.reason.trim())}
            confirmLabel={m.confirmLabel}
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false);
              setMultiple.mutate({ traderId, multiple: form.multiple.trim() === '' ? null : form.multiple.trim(), reason: form.reason });
            }}
          />
          <ErrorLine error={setMultiple.error} labels={{ multiple: m.multipleField, reason: m.reason }} />
          {setMultiple.isSuccess ? (
            <p role="status" className="console-ok">
              {m.saved}
            </p>
          ) : null}

          <h3>{m.penaltiesHeading}</h3>
          {s.penalties.length === 0 ? (
            <p className="console-empty">{m.penaltiesEmpty}</p>
          ) : (
            <div className="table-scroll" tabIndex={0} role="region" aria-label={m.penaltiesHeading}>
              <table aria-label={m.penaltiesHeading}>
                <thead>
                  <tr>
                    <th scope="col">{m.at}</th>
                    <th scope="col">{m.order}</th>
                    <th scope="col">{m.reasonCode}</th>
                    <th scope="col">{m.amount}</th>
                    <th scope="col">{m.to}</th>
                  </tr>
                </thead>
                <tbody>
                  {s.penalties.map((p) => (
                    <tr key={`${p.orderId}-${p.at}`}>
                      <td>{p.at}</td>
                      <td className="mono">{p.orderId}</td>
                      <td>{p.reasonCode}</td>
                      <td>{formatUsdt(p.amount)}</td>
                      <td>{p.to === 'merchant' ? m.toMerchant : m.toPlatform}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : null}
    </>
  );
}
