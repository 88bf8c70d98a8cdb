'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../_trpc/client';
import { errorText } from '../_components/format';
import { useTraderMessages } from '../_components/messages-context';
import { GroupTabs, type Group } from '../_components/group-tabs';
import { Pager } from '../_components/pager';
import { Empty, LoadError, Loading } from '../_components/states';
import { useServerClock } from '../_components/use-server-clock';
import { PayinCard } from './payin-card';

const PAGE_SIZE = 10;

export function PayinList() {
  const [group, setGroup] = useState<Group>('open');
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState('');
  const trpc = useTRPC();
  const { t } = useTraderMessages();
  const p = t.payins;
  const payins = useQuery(trpc.trader.payins.queryOptions({ group, page, pageSize: PAGE_SIZE }, { refetchInterval: 5000 }));
  const now = useServerClock(payins.data?.serverTime, payins.dataUpdatedAt, Boolean(payins.data?.items.length));
  const choose = (next: Group) => {
    setGroup(next);
    setPage(1);
  };

  return (
    <>
      <GroupTabs label={p.which} group={group} onChoose={choose} />
      <p role="status" className="trader-success">
        {notice}
      </p>
      {payins.isPending ? <Loading what={p.what} /> : null}
      {payins.isError ? <LoadError text={errorText(payins.error, t)} onRetry={() => void payins.refetch()} /> : null}
      {payins.data && payins.data.items.length === 0 ? (
        <Empty>{group === 'open' ? p.emptyOpen : p.emptyClosed}</Empty>
      ) : null}
      {payins.data && payins.data.items.length > 0 ? (
        <ul className="trader-list" aria-label={group === 'open' ? p.openList : p.closedList}>
          {payins.data.items.map((payin) => (
            <PayinCard key={payin.orderId} payin={payin} now={now} onDone={setNotice} />
          ))}
        </ul>
      ) : null}
      {payins.data ? (
        <Pager label={p.pages} page={page} pageSize={PAGE_SIZE} count={payins.data.items.length} total={payins.data.total} onPage={setPage} />
      ) : null}
    </>
  );
}
