'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import type { MerchantAuditActor, MerchantAuditTarget } from '../../../../server/merchant-console/merchant-audit-log';
import { useTRPC } from '../../../_trpc/client';
import { DetailsView } from '../../../operator/(console)/audit/details-view';
import { ErrorLine } from '../../../operator/_components/error-line';
import { formatTime } from '../../../operator/_components/format';
import { useMerchantMessages } from '../../_components/messages-context';
import { auditMessages, type AuditMessages } from './messages';
import { PageNav } from '../../_components/page-nav';

const PAGE_SIZE = 25;
/** Facts the page already shows elsewhere in the row, left out of the details. */
const SHOWN = new Set(['merchantId', 'orderNo']);

function Actor({ actor, t }: { actor: MerchantAuditActor; t: AuditMessages }) {
  if (actor.kind === 'user') {
    return (
      <>
        <strong>{actor.name}</strong>
        <div className="mono">{actor.email}</div>
      </>
    );
  }
  return <>{actor.kind === 'api' ? t.apiKey : actor.kind === 'operator' ? t.operator : t.system}</>;
}

function Target({ target, t }: { target: MerchantAuditTarget; t: AuditMessages }) {
  if (target.kind === 'order') {
    const href = `/merchant/${target.flow === 'payout' ? 'payouts' : 'payins'}/${encodeURIComponent(target.orderNo)}`;
    return <Link href={href}>{target.flow === 'payout' ? t.payout(target.orderNo) : t.payin(target.orderNo)}</Link>;
  }
  if (target.kind === 'user') {
    return (
      <>
        {target.name}
        <div className="mono">{target.email}</div>
      </>
    );
  }
  return <>{t.yourAccount}</>;
}

/** The merchant's audit rows, 25 a page, newest first: who, what, on what, and a short details view. */
export function MerchantAuditLog() {
  const trpc = useTRPC();
  const t = auditMessages[useMerchantMessages().lang];
  const [page, setPage] = useState(1);
  const log = useQuery(trpc.merchantAudit.log.queryOptions({ page, pageSize: PAGE_SIZE }));

  return (
    <>
      {log.isPending ? <p aria-busy="true">{t.loading}</p> : null}
      <ErrorLine error={log.error} />
      {log.data && log.data.items.length === 0 ? <p className="console-empty">{t.empty}</p> : null}
      {log.data && log.data.items.length > 0 ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t.tableLabel}>
          <table aria-label={t.tableLabel} data-testid="merchant-audit-log">
            <thead>
              <tr>
                <th scope="col">{t.time}</th>
                <th scope="col">{t.who}</th>
                <th scope="col">{t.action}</th>
                <th scope="col">{t.object}</th>
                <th scope="col">{t.details}</th>
              </tr>
            </thead>
            <tbody>
              {log.data.items.map((row) => {
                const details = Object.fromEntries(Object.entries(row.details ?? {}).filter(([key]) => !SHOWN.has(key)));
                return (
                  <tr key={row.id}>
                    <td>{formatTime(row.at)}</td>
                    <td>
                      <Actor actor={row.actor} t={t} />
                    </td>
                    <td>
                      {t.actions[row.action] ?? row.action}
                      <div className="mono">{row.action}</div>
                    </td>
                    <td>
                      <Target target={row.target} t={t} />
                    </td>
                    <td>
                      {Object.keys(details).length > 0 ? (
                        <details>
                          <summary>{t.showDetails}</summary>
                          <DetailsView details={details} />
                        </details>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {log.data ? <PageNav page={page} hasMore={log.data.hasMore} onPage={setPage} labels={t} /> : null}
    </>
  );
}
