'use client';

import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../_trpc/client';
import { ErrorLine } from '../../../_components/console/error-line';
import { useOperatorMessages } from '../../_components/messages-context';
import { notificationsMessages } from './notifications-messages';

const percent = (part: number, whole: number) => (whole === 0 ? '–' : `${Math.round((part / whole) * 100)}%`);

export function NotificationStats() {
  const trpc = useTRPC();
  const { lang, t: common } = useOperatorMessages();
  const t = notificationsMessages[lang];
  const stats = useQuery(trpc.operator.notifications.stats.queryOptions({}, { refetchInterval: 60_000 }));
  if (stats.isPending) return <p aria-busy="true">{common.loading}</p>;
  if (stats.isError) return <ErrorLine error={stats.error} />;
  if (stats.data.length === 0) return <p>{t.none}</p>;
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={t.caption}>
      <table>
        <caption>{t.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.trader}</th>
            <th scope="col">{t.bank}</th>
            <th scope="col">{t.credits}</th>
            <th scope="col">{t.autoReleased}</th>
            <th scope="col">{t.rate}</th>
            <th scope="col">{t.taken}</th>
            <th scope="col">{t.rejected}</th>
            <th scope="col">{t.unmatched}</th>
            <th scope="col">{t.unread}</th>
            <th scope="col">{t.disputed}</th>
          </tr>
        </thead>
        <tbody>
          {stats.data.map((row) => (
            <tr key={`${row.traderId}:${row.parserId}`}>
              <td>{row.traderName}</td>
              <td>{row.parserId}</td>
              <td>{row.credits}</td>
              <td>{row.autoReleased}</td>
              <td>{percent(row.autoReleased, row.credits)}</td>
              <td>{row.suggestionsConfirmed}</td>
              <td>{row.suggestionsRejected}</td>
              <td>{row.unmatchedCredits}</td>
              <td>{row.unparsed}</td>
              <td>{row.disputedAfterRelease}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
