'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ErrorLine } from '../../_components/error-line';
import { formatAge, formatTime } from '../../_components/format';
import { Pager } from '../../_components/pager';

const PAGE_SIZE = 25;

export function DisputesQueue() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const queue = useQuery({ ...trpc.operator.disputes.list.queryOptions({ page, pageSize: PAGE_SIZE }), refetchInterval: 15_000 });

  if (queue.isPending) return <p aria-busy="true">Loading the queue…</p>;
  if (queue.isError) return <ErrorLine error={queue.error} />;
  const { items, total } = queue.data;
  return (
    <>
      <p>
        {total === 0 ? 'No open disputes.' : `${total} open ${total === 1 ? 'dispute' : 'disputes'}.`}
      </p>
      {items.length > 0 ? (
        <div className="table-scroll">
          <table aria-label="Disputes queue">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Flow</th>
                <th scope="col">Amount</th>
                <th scope="col">Merchant / trader</th>
                <th scope="col">Reason</th>
                <th scope="col">Age</th>
                <th scope="col">Claimed by</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.orderId}>
                  <td>
                    <Link href={`/operator/disputes/${item.flow}/${item.orderId}`} className="mono">
                      {item.orderNo}
                    </Link>
                  </td>
                  <td>{item.flow === 'payout' ? 'Payout' : 'Pay-in'}</td>
                  <td>
                    {item.fiatAmount} CNY
                    <br />
                    {item.usdtAmount} USDT
                  </td>
                  <td>
                    {item.merchantName}
                    <br />
                    {item.traderName ?? '—'}
                  </td>
                  <td>{item.disputeReason ?? '—'}</td>
                  <td title={formatTime(item.disputedAt)}>{formatAge(item.ageSeconds)}</td>
                  <td>{item.claimedBy ? item.claimedBy.name : <span className="tag is-warning">Unclaimed</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="console-empty">Nothing to arbitrate right now. New disputes appear here by themselves.</p>
      )}
      {total > PAGE_SIZE ? <Pager page={page} hasMore={page * PAGE_SIZE < total} onPage={setPage} label="Disputes" /> : null}
    </>
  );
}
