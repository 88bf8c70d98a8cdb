'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ConfirmButton } from '../../../_components/console/confirm-dialog';
import { ErrorLine, FieldError } from '../../../_components/console/error-line';
import { formatTime } from '../../../_components/console/format';
import { settingsMessages, type SettingsLang } from './settings-messages';

type ControlKey = 'dispute_four_eyes_threshold' | 'routing' | 'wallet_hot_wallet_settings';
// The form proposes amounts; routing's and the hot wallets' settings are proposed from the command line or the API (docs/routing.md, docs/wallet.md).
type AmountControl = 'dispute_four_eyes_threshold';

/**
 * The controls that guard money (docs/operator-guide.md, "Controls"): their values in effect, the
 * changes waiting for a second operator (approve after a confirmation, or reject with a reason;
 * the proposer only withdraws), a form to propose a change with its reason, and recent decisions.
 */
export function ControlSettings({ lang, operatorId }: { lang: SettingsLang; operatorId: string }) {
  const t = settingsMessages[lang];
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.operator.controls.list.queryOptions({}));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.operator.controls.list.queryKey({}) });
  const decide = useMutation(trpc.operator.controls.decide.mutationOptions({ onSettled: refresh }));
  const propose = useMutation(trpc.operator.controls.propose.mutationOptions({ onSettled: refresh }));
  const [control, setControl] = useState<AmountControl>('dispute_four_eyes_threshold');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [rejectReasons, setRejectReasons] = useState<Record<string, string>>({});

  if (list.isPending) return <p aria-busy="true">{t.loading}</p>;
  if (list.isError) return <ErrorLine error={list.error} />;
  const { controls, pending, recent } = list.data;
  const name = (key: ControlKey) => t.controlNames[key];
  const blocked = pending.some((change) => change.control === control);

  return (
    <>
      <p className="lead">{t.lead}</p>
      <p className="console-hint">{t.cliNote}</p>

      <h2>{t.controls.heading}</h2>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={t.controls.tableLabel}>
        <table aria-label={t.controls.tableLabel}>
          <thead>
            <tr>
              <th scope="col">{t.controls.control}</th>
              <th scope="col">{t.controls.value}</th>
              <th scope="col">{t.controls.setAt}</th>
            </tr>
          </thead>
          <tbody>
            {controls.map((entry) => (
              <tr key={entry.control}>
                <th scope="row">
                  {name(entry.control)}
                  <br />
                  <small>{t.controlHelp[entry.control]}</small>
                </th>
                <td className="mono">{t.valueOf(entry.control, entry.value)}</td>
                <td>{entry.setAt ? formatTime(entry.setAt) : t.controls.byDefault}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>{t.pending.heading}</h2>
      {pending.length === 0 ? <p className="console-empty">{t.pending.none}</p> : null}
      {pending.map((change) => {
        const own = change.proposedBy.id === operatorId;
        const from = t.valueOf(change.control, change.from);
        const to = t.valueOf(change.control, change.to);
        return (
          <section key={change.id} className="console-form" aria-label={t.pending.regionLabel(name(change.control))}>
            <dl className="facts">
              <dt>{t.pending.change}</dt>
              <dd>
                {name(change.control)}: <del>{from}</del> → <strong>{to}</strong>
              </dd>
              <dt>{t.pending.reason}</dt>
              <dd>{change.reason}</dd>
              <dt>{t.pending.proposedBy}</dt>
              <dd>
                {change.proposedBy.name} {own ? t.pending.you : null}, {formatTime(change.createdAt)}
              </dd>
            </dl>
            {own ? (
              <div className="button-row">
                <p role="status">{t.pending.waiting}</p>
                <ConfirmButton
                  className="button"
                  title={t.pending.withdrawTitle(name(change.control))}
                  consequence={t.pending.withdrawConsequence}
                  confirmLabel={t.pending.withdraw}
                  disabled={decide.isPending}
                  onConfirm={() => decide.mutate({ changeId: change.id, decision: 'withdraw' })}
                >
                  {t.pending.withdraw}
                </ConfirmButton>
              </div>
            ) : (
              <>
                <div className="button-row">
                  <ConfirmButton
                    title={t.pending.approveTitle(name(change.control), from, to)}
                    consequence={t.pending.approveConsequence(change.proposedBy.name)}
                    confirmLabel={t.pending.approve}
                    disabled={decide.isPending}
                    onConfirm={() => decide.mutate({ changeId: change.id, decision: 'approve' })}
                  >
                    {t.pending.approve}
                  </ConfirmButton>
                </div>
                <label>
                  {t.pending.rejectReason}
                  <textarea
                    value={rejectReasons[change.id] ?? ''}
                    maxLength={500}
                    aria-describedby={`reject-error-${change.id}`}
                    onChange={(event) => setRejectReasons({ ...rejectReasons, [change.id]: event.target.value })}
                  />
                </label>
                <FieldError error={decide.error} path="reason" id={`reject-error-${change.id}`} />
                <div className="button-row">
                  <button
                    type="button"
                    className="button"
                    disabled={decide.isPending}
                    onClick={() => decide.mutate({ changeId: change.id, decision: 'reject', reason: rejectReasons[change.id] ?? '' })}
                  >
                    {t.pending.reject}
                  </button>
                </div>
              </>
            )}
          </section>
        );
      })}
      {decide.data ? (
        <p role="status" className="console-ok">
          {t.decided[decide.data.status]}
        </p>
      ) : null}
      <ErrorLine error={decide.error} />

      <h2>{t.propose.heading}</h2>
      <form
        className="console-form"
        aria-label={t.propose.formLabel}
        onSubmit={(event) => {
          event.preventDefault();
          propose.mutate({ control, value: { amount }, reason }, {
            onSuccess: () => {
              setAmount('');
              setReason('');
            },
          });
        }}
      >
        <label>
          {t.propose.control}
          <select value={control} onChange={(event) => setControl(event.target.value as AmountControl)}>
            {controls.filter((entry) => entry.control === 'dispute_four_eyes_threshold').map((entry) => (
              <option key={entry.control} value={entry.control}>
                {name(entry.control)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.propose.newValue}
          <input required inputMode="decimal" placeholder="2500.00" value={amount} aria-describedby="propose-amount-error" onChange={(event) => setAmount(event.target.value)} />
        </label>
        <FieldError error={propose.error} path="value.amount" id="propose-amount-error" />
        <label>
          {t.propose.reason}
          <textarea required maxLength={500} value={reason} aria-describedby="propose-reason-error" onChange={(event) => setReason(event.target.value)} />
        </label>
        <FieldError error={propose.error} path="reason" id="propose-reason-error" />
        {blocked ? <p className="console-hint">{t.propose.blocked}</p> : null}
        <div className="button-row">
          <button type="submit" className="button is-primary" disabled={blocked || propose.isPending}>
            {t.propose.submit}
          </button>
        </div>
      </form>
      {propose.data ? (
        <p role="status" className="console-ok">
          {t.propose.proposed(name(propose.data.control))}
        </p>
      ) : null}
      <ErrorLine error={propose.error} />

      <h2>{t.recent.heading}</h2>
      {recent.length === 0 ? (
        <p className="console-empty">{t.recent.none}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t.recent.tableLabel}>
          <table aria-label={t.recent.tableLabel} className="dense">
            <thead>
              <tr>
                <th scope="col">{t.recent.control}</th>
                <th scope="col">{t.recent.change}</th>
                <th scope="col">{t.recent.status}</th>
                <th scope="col">{t.recent.proposedBy}</th>
                <th scope="col">{t.recent.decidedBy}</th>
                <th scope="col">{t.recent.when}</th>
                <th scope="col">{t.recent.reason}</th>
              </tr>
            </thead>
            <tbody>
              {recent.map((change) => (
                <tr key={change.id}>
                  <td>{name(change.control)}</td>
                  <td className="mono">
                    {change.from} → {change.to}
                  </td>
                  <td>
                    <span className={change.status === 'approved' ? 'tag' : 'tag is-warning'}>{t.statuses[change.status]}</span>
                  </td>
                  <td>{change.proposedBy.name}</td>
                  <td>{change.decidedBy?.name ?? '—'}</td>
                  <td>{formatTime(change.decidedAt)}</td>
                  <td>
                    {change.reason}
                    {change.decisionReason ? (
                      <>
                        <br />
                        {t.recent.rejectedBecause} {change.decisionReason}
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
