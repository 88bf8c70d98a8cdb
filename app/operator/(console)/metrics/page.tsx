import type { Metadata } from 'next';
import { getDatabase } from '../../../../db';
import { operatorMetrics } from '../../../../server/operator-metrics/operator-metrics';
import { requireUser } from '../../../_auth/require-user';
import { BarChart, LineChart } from './charts';

export const metadata: Metadata = { title: 'Metrics · Operator console', robots: { index: false } };
export const dynamic = 'force-dynamic';

/** "2 h 05 min", "35 min": a duration for people. */
function duration(seconds: number | null): string {
  if (seconds === null) return '—';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}
const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${((part / whole) * 100).toFixed(1)} %`);

/** The operator metrics on one page (docs/operator-guide.md, "Metrics"): small server-drawn charts and their figures. */
export default async function MetricsPage() {
  await requireUser('operator', '/operator/metrics');
  const metrics = await operatorMetrics((await getDatabase()).db);
  const open = metrics.openByAge.reduce((sum, bucket) => sum + bucket.count, 0);
  const ruled = metrics.rulingsPerDay.reduce((sum, day) => sum + day.count, 0);
  const dayLabel = (day: string) => day.slice(5);
  return (
    <>
      <h1>Metrics</h1>
      <p className="lead">
        The last {metrics.windowDays} days (UTC). {open} open {open === 1 ? 'dispute' : 'disputes'}; {ruled} ruled; median time to ruling {duration(metrics.medianSecondsToRuling)}.
      </p>
      <div className="metrics-grid">
        <section aria-labelledby="open-by-age">
          <h2 id="open-by-age">Open disputes by age</h2>
          <BarChart title="Open disputes by age" data={metrics.openByAge.map((bucket) => ({ label: bucket.label, value: bucket.count }))} />
        </section>
        <section aria-labelledby="rulings-per-day">
          <h2 id="rulings-per-day">Rulings per day</h2>
          <BarChart title="Rulings per day" data={metrics.rulingsPerDay.map((day) => ({ label: dayLabel(day.day), value: day.count }))} />
        </section>
        <section aria-labelledby="time-to-ruling">
          <h2 id="time-to-ruling">Median time to ruling</h2>
          <LineChart
            title="Median time to ruling per day, in hours"
            data={metrics.rulingsPerDay.map((day) => ({ label: dayLabel(day.day), value: day.medianSeconds === null ? null : day.medianSeconds / 3600 }))}
            format={(hours) => `${Number(hours.toFixed(1))} h`}
          />
        </section>
      </div>
      <h2>Traders</h2>
      {metrics.traders.length === 0 ? (
        <p className="console-empty">No trader took an order in this window.</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Trader overdue and dispute rates">
          <table aria-label="Trader overdue and dispute rates" className="dense">
            <thead>
              <tr>
                <th scope="col">Trader</th>
                <th scope="col">Orders taken</th>
                <th scope="col">Overdue</th>
                <th scope="col">Overdue rate</th>
                <th scope="col">Disputed</th>
                <th scope="col">Dispute rate</th>
              </tr>
            </thead>
            <tbody>
              {metrics.traders.map((trader) => (
                <tr key={trader.traderId}>
                  <td>{trader.name}</td>
                  <td>{trader.orders}</td>
                  <td>{trader.overdue}</td>
                  <td>
                    <meter min={0} max={1} value={trader.orders ? trader.overdue / trader.orders : 0} aria-label={`Overdue rate of ${trader.name}`} /> {percent(trader.overdue, trader.orders)}
                  </td>
                  <td>{trader.disputed}</td>
                  <td>
                    <meter min={0} max={1} value={trader.orders ? trader.disputed / trader.orders : 0} aria-label={`Dispute rate of ${trader.name}`} /> {percent(trader.disputed, trader.orders)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
