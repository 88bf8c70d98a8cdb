'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ConfirmButton, ConfirmDialog } from '../../../_components/console/confirm-dialog';
import { ErrorLine } from '../../../_components/console/error-line';
import { formatUsdt } from '../../../../common/amount-display';
import { useOperatorLang } from '../../_components/messages-context';
import { labelOf } from '../../../_components/order-labels';
import { tradersMessages } from './traders-messages';
import { TraderBond } from './trader-bond';
import { TraderPayoutCap } from './trader-payout-cap';
import { TraderReputation } from './trader-reputation';

export function TradersConsole() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const m = tradersMessages[useOperatorLang()];
  const list = useQuery(trpc.operator.traders.list.queryOptions({}));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.operator.traders.list.queryKey() });
  const [form, setForm] = useState({ name: '', email: '', password: '' });
  const [adjust, setAdjust] = useState({ traderId: '', direction: 'credit' as 'credit' | 'debit', amount: '', memo: '' });
  const create = useMutation(trpc.operator.traders.create.mutationOptions({ onSuccess: refresh }));
  const setStatus = useMutation(trpc.operator.traders.setStatus.mutationOptions({ onSuccess: refresh }));
  const [confirming, setConfirming] = useState(false);
  const adjustBalance = useMutation(trpc.operator.traders.adjustBalance.mutationOptions({ onSuccess: refresh }));

  return (
    <>
      {list.isPending ? <p aria-busy="true">{m.loading}</p> : null}
      <ErrorLine error={list.error} />
      {list.data && list.data.length === 0 ? <p className="console-empty">{m.empty}</p> : null}
      {list.data && list.data.length > 0 ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={m.tableLabel}>
          <table aria-label={m.tableLabel}>
            <thead>
              <tr>
                <th scope="col">{m.trader}</th>
                <th scope="col">{m.status}</th>
                <th scope="col">{m.available}</th>
                <th scope="col">{m.frozen}</th>
                <th scope="col">{m.escrow}</th>
                <th scope="col">
                  <span className="visually-hidden">{m.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((t) => (
                <tr key={t.id} id={`trader-${t.id}`}>
                  <td>
                    {t.name}
                    <div className="mono">{t.email ?? ''}</div>
                  </td>
                  <td>
                    <span className={t.status === 'active' ? 'tag' : 'tag is-warning'}>{labelOf(m.statuses, t.status)}</span> {t.online ? m.online : m.offline}
                  </td>
                  <td>{formatUsdt(t.balances.available)}</td>
                  <td>{formatUsdt(t.balances.frozen)}</td>
                  <td>{formatUsdt(t.balances.escrow)}</td>
                  <td>
                    {t.status === 'active' ? (
                      <ConfirmButton
                        className="button"
                        ariaLabel={m.suspendOf(t.name)}
                        disabled={setStatus.isPending}
                        title={m.suspendTitle(t.name)}
                        consequence={m.suspendConsequence(t.name)}
                        confirmLabel={m.suspendConfirm}
                        onConfirm={() => setStatus.mutate({ traderId: t.id, status: 'suspended' })}
                      >
                        {m.suspend}
                      </ConfirmButton>
                    ) : (
                      <button type="button" className="button" aria-label={m.reactivateOf(t.name)} disabled={setStatus.isPending} onClick={() => setStatus.mutate({ traderId: t.id, status: 'active' })}>
                        {m.reactivate}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <ErrorLine error={setStatus.error} />

      {list.data && list.data.length > 0 ? <TraderBond traders={list.data} /> : null}
      {list.data && list.data.length > 0 ? <TraderPayoutCap traders={list.data} /> : null}
      <TraderReputation />

      <h2>{m.adjustHeading}</h2>
      <p>{m.adjustLead}</p>
      <form
        className="console-form is-grid"
        aria-label={m.adjustForm}
        onSubmit={(event) => {
          event.preventDefault();
          adjustBalance.reset();
          setConfirming(true);
        }}
      >
        <label>
          {m.trader}
          <select required value={adjust.traderId} onChange={(e) => setAdjust({ ...adjust, traderId: e.target.value })}>
            <option value="">{m.choose}</option>
            {list.data?.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {m.direction}
          <select value={adjust.direction} onChange={(e) => setAdjust({ ...adjust, direction: e.target.value as 'credit' | 'debit' })}>
            <option value="credit">{m.credit}</option>
            <option value="debit">{m.debit}</option>
          </select>
        </label>
        <label>
          {m.amount}
          <input inputMode="decimal" required placeholder="100.000000" value={adjust.amount} onChange={(e) => setAdjust({ ...adjust, amount: e.target.value })} />
        </label>
        <label>
          {m.memo}
          <input required maxLength={500} value={adjust.memo} onChange={(e) => setAdjust({ ...adjust, memo: e.target.value })} />
        </label>
        <button type="submit" className="button is-primary" disabled={adjustBalance.isPending}>
          {m.post}
        </button>
      </form>
      <ConfirmDialog
        open={confirming}
        title={m.adjustTitle(adjust.direction === 'credit', adjust.amount.trim(), list.data?.find((t) => t.id === adjust.traderId)?.name)}
        consequence={m.adjustConsequence(adjust.direction === 'credit', adjust.memo.trim())}
        confirmLabel={adjust.direction === 'credit' ? m.postCredit : m.postDebit}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          adjustBalance.mutate({ owner: { type: 'trader', id: adjust.traderId }, direction: adjust.direction, amount: adjust.amount, memo: adjust.memo });
        }}
      />
      <ErrorLine error={adjustBalance.error} labels={{ amount: m.amount, memo: m.memo, traderId: m.trader }} />
      {adjustBalance.data ? (
        <p role="status" className="console-ok">
          {m.posted(adjustBalance.data.transferId, adjustBalance.data.balances.available ?? '0')}
        </p>
      ) : null}

      <h2>{m.createHeading}</h2>
      <form
        className="console-form is-grid"
        aria-label={m.createForm}
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(form);
        }}
      >
        <label>
          {m.name}
          <input required maxLength={100} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        </label>
        <label>
          {m.email}
          <input type="email" required value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
        </label>
        <label>
          {m.password}
          <input type="password" required autoComplete="new-password" value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} />
        </label>
        <button type="submit" className="button is-primary" disabled={create.isPending}>
          {m.create}
        </button>
      </form>
      <ErrorLine error={create.error} labels={{ name: m.name, email: m.email, password: m.password }} />
      {create.data ? (
        <p role="status" className="console-ok">
          {m.created(create.data.email)}
        </p>
      ) : null}
    </>
  );
}
