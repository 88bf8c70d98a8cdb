'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ErrorLine } from '../../../_components/console/error-line';
import { formatTime } from '../../../_components/console/format';
import { MerchantEditor } from './merchant-editor';
import { formatUsdt } from '../../../../common/amount-display';
import { useOperatorLang } from '../../_components/messages-context';
import { labelOf } from '../../../_components/order-labels';
import { merchantsMessages } from './merchants-messages';

export function MerchantsConsole() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const t = merchantsMessages[useOperatorLang()];
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
        aria-label={t.createForm}
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
          {t.name}
          <input required maxLength={100} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        </label>
        <label>
          {t.payoutFee}
          <input inputMode="numeric" pattern="\d{1,5}" required value={form.payoutFeeBps} onChange={(e) => setForm({ ...form, payoutFeeBps: e.target.value })} />
        </label>
        <label>
          {t.payinFee}
          <input inputMode="numeric" pattern="\d{1,5}" required value={form.payinFeeBps} onChange={(e) => setForm({ ...form, payinFeeBps: e.target.value })} />
        </label>
        <label>
          {t.webhookUrl}
          <input type="url" value={form.webhookUrl} onChange={(e) => setForm({ ...form, webhookUrl: e.target.value })} />
        </label>
        <button type="submit" className="button is-primary" disabled={create.isPending}>
          {t.create}
        </button>
      </form>
      <ErrorLine error={create.error} labels={{ name: t.name, payoutFeeBps: t.payoutFee, payinFeeBps: t.payinFee, webhookUrl: t.webhookUrl }} />
      {create.data ? (
        <div role="status" className="console-ok">
          <p>
            {t.createdBefore} <strong>{create.data.name}</strong> {t.createdAfter} <strong>{t.onlyNow}</strong>:
          </p>
          <p className="mono">{t.apiKey} {create.data.apiKey.keyId}</p>
          <p className="mono">{t.apiSecret} {create.data.apiKey.secret}</p>
          {create.data.webhookSecret ? <p className="mono">{t.webhookSecret} {create.data.webhookSecret}</p> : null}
        </div>
      ) : null}

      {list.isPending ? <p aria-busy="true">{t.loading}</p> : null}
      <ErrorLine error={list.error} />
      {list.data && list.data.length === 0 ? <p className="console-empty">{t.empty}</p> : null}
      {list.data && list.data.length > 0 ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t.tableLabel}>
          <table aria-label={t.tableLabel}>
            <thead>
              <tr>
                <th scope="col">{t.merchant}</th>
                <th scope="col">{t.status}</th>
                <th scope="col">{t.fees}</th>
                <th scope="col">{t.available}</th>
                <th scope="col">{t.frozen}</th>
                <th scope="col">{t.webhook}</th>
                <th scope="col">{t.keys}</th>
                <th scope="col">
                  <span className="visually-hidden">{t.actions}</span>
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
                    <span className={m.status === 'active' ? 'tag' : 'tag is-warning'}>{labelOf(t.statuses, m.status)}</span>
                  </td>
                  <td>
                    {m.payoutFeeBps} / {m.payinFeeBps} bps
                  </td>
                  <td>{formatUsdt(m.balances.available)}</td>
                  <td>{formatUsdt(m.balances.frozen)}</td>
                  <td className="mono">
                    {m.webhookUrl ?? '—'}
                    {m.webhookDisabledAt ? <div className="tag is-warning">{t.webhookDisabled(formatTime(m.webhookDisabledAt))}</div> : null}
                  </td>
                  <td>{t.activeKeys(m.apiKeys.filter((key) => !key.revokedAt).length)}</td>
                  <td>
                    <button type="button" className="button" aria-label={t.manageOf(m.name)} onClick={() => setSelected(m.id)}>
                      {t.manage}
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
