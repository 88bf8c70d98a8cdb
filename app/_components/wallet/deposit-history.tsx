'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatUsdt } from '../../../common/amount-display';
import { useTRPC } from '../../_trpc/client';
import type { Lang } from '../../pay/[token]/language';
import { ErrorLine } from '../console/error-line';
import { formatTime } from '../console/format';
import { PageLangProvider } from '../page-lang';
import { walletMessages } from './wallet-messages';

const PAGE_SIZE = 10;
/** Often enough to see confirmations count up block by block on a fast chain. */
const REFRESH_MS = 2_000;

/**
 * The owner's deposits, newest first, a page at a time (cursor pages), refreshed every few
 * seconds while open so a deposit appears and its confirmations count up until it is credited.
 * `owner` picks the procedure: the merchant's or the trader's, each scoped to the session.
 */
export function DepositHistory({
  owner,
  lang,
  needed,
  buttonClass,
}: {
  owner: 'merchant' | 'trader';
  lang: Lang;
  /** Confirmations each chain needs, by key. */
  needed: Record<string, number>;
  buttonClass: string;
}) {
  const t = walletMessages[lang];
  const trpc = useTRPC();
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const input = { limit: PAGE_SIZE, ...(cursor ? { startingAfter: cursor } : {}) };
  const merchant = useQuery({ ...trpc.merchantWallet.deposits.queryOptions(input), enabled: owner === 'merchant', refetchInterval: REFRESH_MS });
  const trader = useQuery({ ...trpc.trader.deposits.queryOptions(input), enabled: owner === 'trader', refetchInterval: REFRESH_MS });
  const deposits = owner === 'merchant' ? merchant : trader;

  return (
    // Not a landmark of its own: the table's scroll region already is one, with this heading's name.
    <div className="wallet-history">
      <h2 id="deposit-history-heading">{t.history}</h2>
      <p>{t.historyLead}</p>
      <PageLangProvider lang={lang}>
        <ErrorLine error={deposits.error} />
      </PageLangProvider>
      {deposits.isPending ? <p aria-busy="true">{t.loading}</p> : null}
      {deposits.data && deposits.data.items.length === 0 ? (
        <p className="console-empty" data-testid="deposits-empty">
          {t.empty}
        </p>
      ) : null}
      {deposits.data && deposits.data.items.length > 0 ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="deposit-history-heading">
          <table data-testid="deposit-history" aria-labelledby="deposit-history-heading">
            <thead>
              <tr>
                <th scope="col">{t.when}</th>
                <th scope="col">{t.chain}</th>
                <th scope="col">{t.amount}</th>
                <th scope="col">{t.state}</th>
                <th scope="col">{t.confirmations}</th>
                <th scope="col">{t.transaction}</th>
              </tr>
            </thead>
            <tbody>
              {deposits.data.items.map((deposit) => {
                const required = needed[deposit.chain];
                const shown = required === undefined ? String(deposit.confirmations) : t.of(Math.min(deposit.confirmations, required), required);
                return (
                  <tr key={deposit.id} data-state={deposit.state}>
                    <td>{formatTime(deposit.detectedAt)}</td>
                    <td>{deposit.chain}</td>
                    <td className="mono amount">{formatUsdt(deposit.amount)}</td>
                    <td data-testid="deposit-state">
                      {t.states[deposit.state] ?? deposit.state}
                      {deposit.heldReason && deposit.state !== 'CREDITED' ? ` (${t.heldReasons[deposit.heldReason] ?? deposit.heldReason})` : ''}
                    </td>
                    <td className="mono" data-testid="deposit-confirmations">
                      {deposit.state === 'DETECTED' ? shown : deposit.state === 'ORPHANED' ? '—' : required === undefined ? shown : t.of(required, required)}
                    </td>
                    <td className="mono wallet-hash" translate="no">
                      {deposit.txHash}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {deposits.data && (cursors.length > 0 || deposits.data.hasMore) ? (
        <nav className="button-row" aria-label={t.history}>
          <button type="button" className={buttonClass} disabled={cursors.length === 0} onClick={() => setCursors([])}>
            {t.firstPage}
          </button>
          <button
            type="button"
            className={buttonClass}
            disabled={!deposits.data.nextCursor}
            onClick={() => deposits.data.nextCursor && setCursors([...cursors, deposits.data.nextCursor])}
          >
            {t.older}
          </button>
        </nav>
      ) : null}
    </div>
  );
}
