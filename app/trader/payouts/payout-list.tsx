'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { useTRPC } from '../../_trpc/client';
import { errorText } from '../_components/format';
import { useTraderMessages } from '../_components/messages-context';
import { GroupTabs, type Group } from '../_components/group-tabs';
import { Pager } from '../_components/pager';
import { Empty, LoadError, Loading } from '../_components/states';
import { useServerClock } from '../_components/use-server-clock';
import { PayoutCard } from './payout-card';
import type { ReleaseCharge } from './release-task';

const PAGE_SIZE = 10;

export function PayoutList() {
  const [group, setGroup] = useState<Group>('open');
  const [page, setPage] = useState(1);
  const trpc = useTRPC();
  const { t } = useTraderMessages();
  const p = t.payouts;
  const payouts = useQuery(trpc.trader.payouts.queryOptions({ group, page, pageSize: PAGE_SIZE }, { refetchInterval: 5000 }));
  const now = useServerClock(payouts.data?.serverTime, payouts.dataUpdatedAt, Boolean(payouts.data?.items.length));
  // What the last give-back after seeing a number cost: shown here, since its card leaves the list.
  const [charged, setCharged] = useState<{ orderNo: string; charge: ReleaseCharge } | null>(null);

  const choose = (next: Group) => {
    setGroup(next);
    setPage(1);
  };

  return (
    <>
      <GroupTabs label={p.which} group={group} onChoose={choose} />
      {charged ? (
        <div className="trader-notice" role="alert">
          <p className={charged.charge.suspended ? 'trader-error' : undefined}>
            {charged.charge.suspended
              ? p.givenBackSuspended(charged.orderNo)
              : p.givenBackCounted(charged.orderNo, charged.charge.count, charged.charge.limit)}
          </p>
          <button type="button" className="trader-button is-small" onClick={() => setCharged(null)}>
            {p.dismiss}
          </button>
        </div>
      ) : null}
      {payouts.isPending ? <Loading what={p.what} /> : null}
      {payouts.isError ? <LoadError text={errorText(payouts.error, t)} onRetry={() => void payouts.refetch()} /> : null}
      {payouts.data && payouts.data.items.length === 0 ? (
        <Empty>
          {group === 'open' ? (
            <>
              {p.emptyOpenBefore} <Link href="/trader/pool">{p.emptyOpenLink}</Link>
              {p.emptyOpenAfter}
            </>
          ) : (
            p.emptyClosed
          )}
        </Empty>
      ) : null}
      {payouts.data && payouts.data.items.length > 0 ? (
        <ul className="trader-list" aria-label={group === 'open' ? p.openList : p.closedList}>
          {payouts.data.items.map((payout) => (
            <PayoutCard
              key={payout.orderId}
              payout={payout}
              now={now}
              releaseLimit={payouts.data.rules.releasesAfterRevealPerDay}
              onCharged={(orderNo, charge) => setCharged({ orderNo, charge })}
            />
          ))}
        </ul>
      ) : null}
      {payouts.data ? (
        <Pager label={p.pages} page={page} pageSize={PAGE_SIZE} count={payouts.data.items.length} total={payouts.data.total} onPage={setPage} />
      ) : null}
    </>
  );
}
