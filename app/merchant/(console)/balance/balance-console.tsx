'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ErrorLine } from '../../../_components/console/error-line';
import { formatTime } from '../../../_components/console/format';
import { useMerchantMessages } from '../../_components/messages-context';
import { balanceMessages } from './messages';
import { formatUsdt } from '../../../../common/amount-display';

type Filters = { account: '' | 'available' | 'frozen'; from: string; to: string };
const PAGE_SIZE = '20';

/** The filters as the statement's query and the export's URL take them: empty fields left out. */
function queryOf(filters: Filters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
}

/** Figures, the statement with running balances (cursor pages, filters) and its CSV, whole or by month. */
export function BalanceConsole({ canExport }: { canExport: boolean }) {
  const trpc = useTRPC();
  const t = balanceMessages[useMerchantMessages().lang];
  const balance = useQuery(trpc.merchantBalance.balance.queryOptions({}));
  const [draft, setDraft] = useState<Filters>({ account: '', from: '', to: '' });
  const [filters, setFilters] = useState<Filters>(draft);
  // The cursors of the pages seen so far: back is the previous one, forward the page's nextCursor.
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const statement = useQuery(trpc.merchantBalance.statement.queryOptions({ ...queryOf(filters), limit: PAGE_SIZE, ...(cursor ? { startingAfter: cursor } : {}) }));
  const [month, setMonth] = useState(() => new Date().toISOString().slice(0, 7));
  const exportHref = `/merchant/statement-export?${new URLSearchParams(queryOf(filters)).toString()}`;

  return (
    <>
      <ErrorLine error={balance.error} />
      {balance.data ? (
        <div className="stat-row" data-testid="balance-figures">
          {(['available', 'frozen', 'pending'] as const).map((figure) => (
            <div key={figure} className="stat-card">
              <h2>{t[figure]}</h2>
              <p className="mono" data-testid={`balance-${figure}`}>
                {formatUsdt(balance.data[figure])} USDT
              </p>
              <p>{t[`${figure}Hint`]}</p>
            </div>
          ))}
        </div>
      ) : null}

      <h2 id="statement-heading">{t.statement}</h2>
      <form
        className="console-bar"
        aria-label={t.filters}
        onSubmit={(event) => {
          event.preventDefault();
          setFilters(draft);
          setCursors([]);
        }}
      >
        <label>
          {t.account}
          <select value={draft.account} onChange={(event) => setDraft({ ...draft, account: event.target.value as Filters['account'] })}>
            <option value="">{t.bothAccounts}</option>
            <option value="available">{t.accounts.available}</option>
            <option value="frozen">{t.accounts.frozen}</option>
          </select>
        </label>
        <label>
          {t.from}
          <input type="date" value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
        </label>
        <label>
          {t.to}
          <input type="date" value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
        </label>
        <button type="submit" className="button is-primary">
          {t.apply}
        </button>
        {canExport ? (
          <a className="button" href={exportHref} download data-testid="statement-export">
            {t.exportCsv}
          </a>
        ) : null}
      </form>
      <ErrorLine error={statement.error} />
      {statement.isPending ? <p aria-busy="true">{t.loading}</p> : null}
      {statement.data && statement.data.items.length === 0 ? <p className="console-empty">{t.empty}</p> : null}
      {statement.data && statement.data.items.length > 0 ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="statement-heading">
          <table aria-labelledby="statement-heading" data-testid="statement">
            <thead>
              <tr>
                <th scope="col">{t.when}</th>
                <th scope="col">{t.account}</th>
                <th scope="col">{t.type}</th>
                <th scope="col">{t.amount}</th>
                <th scope="col">{t.fee}</th>
                <th scope="col">{t.balanceAfter}</th>
                <th scope="col">{t.order}</th>
              </tr>
            </thead>
            <tbody>
              {statement.data.items.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatTime(entry.createdAt)}</td>
                  <td>{t.accounts[entry.account]}</td>
                  <td>{t.types[entry.type] ?? entry.type}</td>
                  <td className="mono amount">{formatUsdt(entry.amount)}</td>
                  <td className="mono amount">{formatUsdt(entry.fee)}</td>
                  <td className="mono amount">{formatUsdt(entry.balanceAfter)}</td>
                  <td className="mono">{entry.orderNo ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {statement.data && (cursors.length > 0 || statement.data.hasMore) ? (
        <nav className="button-row" aria-label={t.statement}>
          <button type="button" className="button" disabled={cursors.length === 0} onClick={() => setCursors([])}>
            {t.newer}
          </button>
          <button
            type="button"
            className="button"
            disabled={!statement.data.nextCursor}
            onClick={() => statement.data.nextCursor && setCursors([...cursors, statement.data.nextCursor])}
          >
            {t.older}
          </button>
        </nav>
      ) : null}

      {canExport ? <SettlementSection /> : null}

      {canExport ? (
        <section aria-labelledby="monthly-heading">
          <h2 id="monthly-heading">{t.monthly}</h2>
          <div className="console-bar">
            <label>
              {t.month}
              <input type="month" value={month} min="1970-01" onChange={(event) => setMonth(event.target.value)} />
            </label>
            <a className="button" href={`/merchant/statement-export?month=${encodeURIComponent(month)}`} download>
              {t.downloadMonth}
            </a>
          </div>
        </section>
      ) : null}
    </>
  );
}

/** The day after a YYYY-MM-DD day, as the statement's exclusive end. */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** A day's statement by reporting category (opening + credits - debits = closing) and its signed settlement report. */
function SettlementSection() {
  const trpc = useTRPC();
  const t = balanceMessages[useMerchantMessages().lang];
  const [day, setDay] = useState(() => new Date().toISOString().slice(0, 10));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(day);
  const statement = useQuery({ ...trpc.merchantBalance.periodStatement.queryOptions({ from: day, to: valid ? nextDay(day) : day }), enabled: valid });
  const link = (format: 'csv' | 'pdf') => `/merchant/settlement-report?${new URLSearchParams({ date: day, format }).toString()}`;
  return (
    <section aria-labelledby="settlement-heading" data-testid="settlement-report">
      <h2 id="settlement-heading">{t.settlement}</h2>
      <p>{t.settlementLead}</p>
      <div className="console-bar">
        <label>
          {t.day}
          <input type="date" value={day} min="1970-01-01" onChange={(event) => setDay(event.target.value)} />
        </label>
        <a className="button" href={link('csv')} download data-testid="settlement-csv">
          {t.downloadSettlementCsv}
        </a>
        <a className="button" href={link('pdf')} download data-testid="settlement-pdf">
          {t.downloadSettlementPdf}
        </a>
      </div>
      <ErrorLine error={statement.error} />
      {statement.data ? (
        <table aria-labelledby="settlement-heading" data-testid="settlement-statement">
          <thead>
            <tr>
              <th>{t.category}</th>
              <th>{t.credits}</th>
              <th>{t.debits}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>{t.opening}</td>
              <td className="mono" colSpan={2} data-testid="settlement-opening">
                {formatUsdt(statement.data.openingBalance)} USDT
              </td>
            </tr>
            {statement.data.categories.length === 0 ? (
              <tr>
                <td colSpan={3}>{t.noMovement}</td>
              </tr>
            ) : (
              statement.data.categories.map((row) => (
                <tr key={row.category}>
                  <td>{t.categories[row.category] ?? row.category}</td>
                  <td className="mono">{formatUsdt(row.credits)}</td>
                  <td className="mono">{formatUsdt(row.debits)}</td>
                </tr>
              ))
            )}
            <tr>
              <td>{t.closing}</td>
              <td className="mono" colSpan={2} data-testid="settlement-closing">
                {formatUsdt(statement.data.closingBalance)} USDT
              </td>
            </tr>
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
