'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatSignedUsdt } from '../../../common/amount-display';
import { useTRPC } from '../../_trpc/client';
import { errorText, formatTime } from '../_components/format';
import { useTraderMessages } from '../_components/messages-context';
import { Pager } from '../_components/pager';
import { Empty, LoadError, Loading } from '../_components/states';

const PAGE_SIZE = 25;

/**
 * The postings, newest first, each named in words (never the transfer's code). On a phone the
 * account and order columns fold into "What" (trader.css), so the amount is never off-screen.
 */
export function LedgerTable() {
  const trpc = useTRPC();
  const { lang, t } = useTraderMessages();
  const l = t.ledger;
  const [page, setPage] = useState(1);
  const ledger = useQuery(trpc.trader.ledger.queryOptions({ page, pageSize: PAGE_SIZE }, { placeholderData: (previous) => previous }));

  if (ledger.isPending) return <Loading what={l.what} />;
  if (ledger.isError) return <LoadError text={errorText(ledger.error, t)} onRetry={() => void ledger.refetch()} />;
  if (ledger.data.total === 0) return <Empty>{l.empty}</Empty>;
  return (
    <>
      {/* Focusable and named: should a table ever be wider than the screen, it scrolls by keyboard too. */}
      <div className="table-scroll" tabIndex={0} role="region" aria-label={l.caption}>
      <table className="trader-table trader-ledger">
        <caption className="visually-hidden">{l.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{l.time}</th>
            <th scope="col" className="trader-wide-only">
              {l.account}
            </th>
            <th scope="col">{l.entry}</th>
            <th scope="col" className="trader-wide-only">
              {l.order}
            </th>
            <th scope="col" className="align-right">
              {l.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          {ledger.data.items.map((posting) => (
            <tr key={posting.id}>
              <td className="trader-ledger-time">{formatTime(posting.createdAt, lang)}</td>
              <td className="trader-wide-only">{l.accounts[posting.account] ?? posting.account}</td>
              <td className="trader-ledger-entry">
                {l.kinds[posting.kind] ?? l.otherKind}
                {posting.memo ? (
                  <span className="trader-muted">
                    {' · '}
                    <span translate="no">{posting.memo}</span>
                  </span>
                ) : null}
                {/* The columns a phone leaves out, folded in here. */}
                <span className="trader-narrow-only trader-muted">
                  {l.accounts[posting.account] ?? posting.account}
                  {posting.orderNo ? (
                    <>
                      {' · '}
                      <span translate="no">{posting.orderNo}</span>
                    </>
                  ) : null}
                </span>
              </td>
              <td className="trader-mono trader-wide-only" translate="no">
                {posting.orderNo ?? '—'}
              </td>
              <td className={`align-right trader-mono trader-ledger-amount${posting.amount.startsWith('-') ? ' is-debit' : ' is-credit'}`}>
                {formatSignedUsdt(posting.amount)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      <Pager label={l.pages} page={page} pageSize={PAGE_SIZE} count={ledger.data.items.length} total={ledger.data.total} onPage={setPage} />
    </>
  );
}
