'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../_trpc/client';
import { errorText, formatTime } from '../_components/format';
import { Pager } from '../_components/pager';
import { Empty, LoadError, Loading } from '../_components/states';

const PAGE_SIZE = 25;
const accountNames: Record<string, string> = { available: 'Available', frozen: 'Frozen', escrow: 'Escrow' };

export function LedgerTable() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const ledger = useQuery(trpc.trader.ledger.queryOptions({ page, pageSize: PAGE_SIZE }, { placeholderData: (previous) => previous }));

  if (ledger.isPending) return <Loading what="your ledger" />;
  if (ledger.isError) return <LoadError text={errorText(ledger.error)} onRetry={() => void ledger.refetch()} />;
  if (ledger.data.total === 0) return <Empty>No movements yet.</Empty>;
  return (
    <>
      <div className="table-scroll">
        <table className="trader-table">
          <caption className="visually-hidden">Ledger postings, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Account</th>
              <th scope="col">What</th>
              <th scope="col">Order</th>
              <th scope="col" className="align-right">
                Amount (USDT)
              </th>
            </tr>
          </thead>
          <tbody>
            {ledger.data.items.map((posting) => (
              <tr key={posting.id}>
                <td>{formatTime(posting.createdAt)}</td>
                <td>{accountNames[posting.account] ?? posting.account}</td>
                <td>
                  {posting.kind}
                  {posting.memo ? <span className="trader-muted"> · {posting.memo}</span> : null}
                </td>
                <td className="trader-mono">{posting.orderNo ?? '—'}</td>
                <td className={`align-right trader-mono${posting.amount.startsWith('-') ? ' is-debit' : ' is-credit'}`}>
                  {posting.amount.startsWith('-') ? posting.amount : `+${posting.amount}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager label="Ledger pages" page={page} pageSize={PAGE_SIZE} count={ledger.data.items.length} total={ledger.data.total} onPage={setPage} />
    </>
  );
}
