'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ConfirmButton, ConfirmDialog } from '../../../_components/console/confirm-dialog';
import { ErrorLine } from '../../../_components/console/error-line';
import { formatUsdt } from '../../../../common/amount-display';

export function TradersConsole() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
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
      {list.isPending ? <p aria-busy="true">Loading traders…</p> : null}
      <ErrorLine error={list.error} />
      {list.data && list.data.length === 0 ? <p className="console-empty">No traders yet. Create the first one below.</p> : null}
      {list.data && list.data.length > 0 ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Traders">
          <table aria-label="Traders">
            <thead>
              <tr>
                <th scope="col">Trader</th>
                <th scope="col">Status</th>
                <th scope="col">Available USDT</th>
                <th scope="col">Frozen USDT</th>
                <th scope="col">Escrow USDT</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
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
                    <span className={t.status === 'active' ? 'tag' : 'tag is-warning'}>{t.status}</span> {t.online ? 'online' : 'offline'}
                  </td>
                  <td>{formatUsdt(t.balances.available)}</td>
                  <td>{formatUsdt(t.balances.frozen)}</td>
                  <td>{formatUsdt(t.balances.escrow)}</td>
                  <td>
                    {t.status === 'active' ? (
                      <ConfirmButton
                        className="button"
                        ariaLabel={`Suspend ${t.name}`}
                        disabled={setStatus.isPending}
                        title={`Suspend ${t.name}?`}
                        consequence={`${t.name} is signed out everywhere and takes no new orders; their API key stops working. Orders they already hold stay with them.`}
                        confirmLabel="Suspend trader"
                        onConfirm={() => setStatus.mutate({ traderId: t.id, status: 'suspended' })}
                      >
                        Suspend
                      </ConfirmButton>
                    ) : (
                      <button type="button" className="button" aria-label={`Reactivate ${t.name}`} disabled={setStatus.isPending} onClick={() => setStatus.mutate({ traderId: t.id, status: 'active' })}>
                        Reactivate
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

      <h2>Credit or debit USDT</h2>
      <p>A transfer against the external account (a deposit or a withdrawal), written to the ledger and the audit log.</p>
      <form
        className="console-form is-grid"
        aria-label="Credit or debit a trader"
        onSubmit={(event) => {
          event.preventDefault();
          adjustBalance.reset();
          setConfirming(true);
        }}
      >
        <label>
          Trader
          <select required value={adjust.traderId} onChange={(e) => setAdjust({ ...adjust, traderId: e.target.value })}>
            <option value="">Choose…</option>
            {list.data?.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Direction
          <select value={adjust.direction} onChange={(e) => setAdjust({ ...adjust, direction: e.target.value as 'credit' | 'debit' })}>
            <option value="credit">Credit (deposit)</option>
            <option value="debit">Debit (withdrawal)</option>
          </select>
        </label>
        <label>
          Amount (USDT)
          <input inputMode="decimal" required placeholder="100.000000" value={adjust.amount} onChange={(e) => setAdjust({ ...adjust, amount: e.target.value })} />
        </label>
        <label>
          Memo
          <input required maxLength={500} value={adjust.memo} onChange={(e) => setAdjust({ ...adjust, memo: e.target.value })} />
        </label>
        <button type="submit" className="button is-primary" disabled={adjustBalance.isPending}>
          Post transfer
        </button>
      </form>
      <ConfirmDialog
        open={confirming}
        title={`${adjust.direction === 'credit' ? 'Credit' : 'Debit'} ${adjust.amount.trim()} USDT ${adjust.direction === 'credit' ? 'to' : 'from'} ${list.data?.find((t) => t.id === adjust.traderId)?.name ?? 'this trader'}?`}
        consequence={`A ledger transfer against the external account (${adjust.direction === 'credit' ? 'a deposit' : 'a withdrawal'}), memo "${adjust.memo.trim()}". It is posted at once and recorded in the audit log; undoing it takes an opposite transfer.`}
        confirmLabel={adjust.direction === 'credit' ? 'Post credit' : 'Post debit'}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          adjustBalance.mutate({ owner: { type: 'trader', id: adjust.traderId }, direction: adjust.direction, amount: adjust.amount, memo: adjust.memo });
        }}
      />
      <ErrorLine error={adjustBalance.error} />
      {adjustBalance.data ? (
        <p role="status" className="console-ok">
          Posted {adjustBalance.data.transferId}. Available now: {adjustBalance.data.balances.available ?? '0'} USDT.
        </p>
      ) : null}

      <h2>Create a trader</h2>
      <form
        className="console-form is-grid"
        aria-label="Create a trader"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(form);
        }}
      >
        <label>
          Name
          <input required maxLength={100} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        </label>
        <label>
          Email
          <input type="email" required value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
        </label>
        <label>
          First password
          <input type="password" required autoComplete="new-password" value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} />
        </label>
        <button type="submit" className="button is-primary" disabled={create.isPending}>
          Create trader
        </button>
      </form>
      <ErrorLine error={create.error} />
      {create.data ? (
        <p role="status" className="console-ok">
          Trader created; they sign in as {create.data.email}.
        </p>
      ) : null}
    </>
  );
}
