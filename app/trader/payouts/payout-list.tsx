'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { useTRPC } from '../../_trpc/client';
import { errorText } from '../_components/format';
import { GroupTabs, type Group } from '../_components/group-tabs';
import { Pager } from '../_components/pager';
import { Empty, LoadError, Loading } from '../_components/states';
import { useServerClock } from '../_components/use-server-clock';
import { PayoutCard } from './payout-card';

const PAGE_SIZE = 10;

export function PayoutList() {
  const [group, setGroup] = useState<Group>('open');
  const [page, setPage] = useState(1);
  const trpc = useTRPC();
  const payouts = useQuery(trpc.trader.payouts.queryOptions({ group, page, pageSize: PAGE_SIZE }, { refetchInterval: 5000 }));
  const now = useServerClock(payouts.data?.serverTime, payouts.dataUpdatedAt, Boolean(payouts.data?.items.length));

  const choose = (next: Group) => {
    setGroup(next);
    setPage(1);
  };

  return (
    <>
      <GroupTabs label="Which payouts" group={group} onChoose={choose} />
      {payouts.isPending ? <Loading what="your payouts" /> : null}
      {payouts.isError ? <LoadError text={errorText(payouts.error)} onRetry={() => void payouts.refetch()} /> : null}
      {payouts.data && payouts.data.items.length === 0 ? (
        <Empty>
          {group === 'open' ? (
            <>
              No payouts in progress. Accept one in the <Link href="/trader/pool">task pool</Link>.
            </>
          ) : (
            'No finished payouts yet.'
          )}
        </Empty>
      ) : null}
      {payouts.data && payouts.data.items.length > 0 ? (
        <ul className="trader-list" aria-label={group === 'open' ? 'Payouts in progress' : 'Finished payouts'}>
          {payouts.data.items.map((payout) => (
            <PayoutCard key={payout.orderId} payout={payout} now={now} />
          ))}
        </ul>
      ) : null}
      {payouts.data ? (
        <Pager label="Payout pages" page={page} pageSize={PAGE_SIZE} count={payouts.data.items.length} total={payouts.data.total} onPage={setPage} />
      ) : null}
    </>
  );
}
