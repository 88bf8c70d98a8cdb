'use client';

import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../_trpc/client';
import { ErrorLine } from '../../../_components/console/error-line';

const percent = (part: number, whole: number) => (whole === 0 ? '–' : `${Math.round((part / whole) * 100)}%`);

export function NotificationStats() {
  const trpc = useTRPC();
  const stats = useQuery(trpc.operator.notifications.stats.queryOptions({}, { refetchInterval: 60_000 }));
  if (stats.isPending) return <p aria-busy="true">Loading…</p>;
  if (stats.isError) return <ErrorLine error={stats.error} />;
  if (stats.data.length === 0) return <p>No trader has sent a bank notification yet.</p>;
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Per trader and bank">
      <table>
        <caption>Per trader and bank</caption>
        <thead>
          <tr>
            <th scope="col">Trader</th>
            <th scope="col">Bank</th>
            <th scope="col">Credits</th>
            <th scope="col">Auto-released</th>
            <th scope="col">Auto-release rate</th>
            <th scope="col">Suggestions taken</th>
            <th scope="col">Suggestions rejected</th>
            <th scope="col">Unmatched credits</th>
            <th scope="col">Unread</th>
            <th scope="col">Disputed after release</th>
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
