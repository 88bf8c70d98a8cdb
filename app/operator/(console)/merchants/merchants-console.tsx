'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ErrorLine } from '../../../_components/console/error-line';
import { formatTime } from '../../../_components/console/format';
import { MerchantEditor } from './merchant-editor';
import { formatUsdt } from '../../../../common/amount-display';

export function MerchantsConsole() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.operator.merchants.list.queryOptions({}));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.operator.merchants.list.queryKey() });
  const [selected, setSelected] = useState<string | null>(null);
  const [form, setForm] = useState({ name: '', payoutFeeBps: '0', payinFeeBps: '0', webhookUrl: '' });
  const create = useMutation(trpc.operator.merchants.create.mutationOptions({ onSuccess: refresh }));

  const merchant = list.data?.find((m) => m.id === selected) ?? null;
  return (
    <>
      <form
        className="console-form is-grid"
        aria-label="Create a merchant"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({
            name: form.name,
            payoutFeeBps: Number(form.payoutFeeBps),
            payinFeeBps: Number(form.payinFeeBps),
            ...(form.webhookUrl ? { webhookUrl: form.webhookUrl } : {}),
          });
        }}
      >
        <label>
          Name
          <input required maxLength={100} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        </label>
        <label>
          Payout fee (bps)
          <input inputMode="numeric" pattern="\d{1,5}" required value={form.payoutFeeBps} onChange={(e) => setForm({ ...form, payoutFeeBps: e.target.value })} />
        </label>
        <label>
          Pay-in fee (bps)
          <input inputMode="numeric" pattern="\d{1,5}" required value={form.payinFeeBps} onChange={(e) => setForm({ ...form, payinFeeBps: e.target.value })} />
        </label>
        <label>
          Webhook URL (optional)
          <input type="url" value={form.webhookUrl} onChange={(e) => setForm({ ...form, webhookUrl: e.target.value })} />
        </label>
        <button type="submit" className="button is-primary" disabled={create.isPending}>
          Create merchant
        </button>
      </form>
      <ErrorLine error={create.error} />
      {create.data ? (
        <div role="status" className="console-ok">
          <p>
            Merchant <strong>{create.data.name}</strong> created. Its API credentials are shown <strong>only now</strong>:
          </p>
          <p className="mono">API key: {create.data.apiKey.keyId}</p>
          <p className="mono">API secret: {create.data.apiKey.secret}</p>
          {create.data.webhookSecret ? <p className="mono">Webhook signing secret: {create.data.webhookSecret}</p> : null}
        </div>
      ) : null}

      {list.isPending ? <p aria-busy="true">Loading merchants…</p> : null}
      <ErrorLine error={list.error} />
      {list.data && list.data.length === 0 ? <p className="console-empty">No merchants yet. Create the first one above.</p> : null}
      {list.data && list.data.length > 0 ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Merchants">
          <table aria-label="Merchants">
            <thead>
              <tr>
                <th scope="col">Merchant</th>
                <th scope="col">Status</th>
                <th scope="col">Fees payout / pay-in</th>
                <th scope="col">Available USDT</th>
                <th scope="col">Frozen USDT</th>
                <th scope="col">Webhook</th>
                <th scope="col">Keys</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((m) => (
                <tr key={m.id} id={`merchant-${m.id}`}>
                  <td>
                    {m.name}
                    <div className="mono">{m.id}</div>
                  </td>
                  <td>
                    <span className={m.status === 'active' ? 'tag' : 'tag is-warning'}>{m.status}</span>
                  </td>
                  <td>
                    {m.payoutFeeBps} / {m.payinFeeBps} bps
                  </td>
                  <td>{formatUsdt(m.balances.available)}</td>
                  <td>{formatUsdt(m.balances.frozen)}</td>
                  <td className="mono">
                    {m.webhookUrl ?? '—'}
                    {m.webhookDisabledAt ? <div className="tag is-warning">disabled {formatTime(m.webhookDisabledAt)}</div> : null}
                  </td>
                  <td>{m.apiKeys.filter((key) => !key.revokedAt).length} active</td>
                  <td>
                    <button type="button" className="button" aria-label={`Manage ${m.name}`} onClick={() => setSelected(m.id)}>
                      Manage
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {merchant ? <MerchantEditor key={merchant.id} merchant={merchant} onChanged={refresh} /> : null}
    </>
  );
}
