import type { Metadata } from 'next';
import { getReadDatabase } from '../../../../db';
import { operatorMetrics } from '../../../../server/operator-metrics/operator-metrics';
import { requireUser } from '../../../_auth/require-user';
import { BarChart, LineChart } from './charts';
import { metricsMessages } from './metrics-messages';
import { operatorLangOfRequest, operatorPageMetadata } from '../../_components/operator-language';

export const generateMetadata = (): Promise<Metadata> => operatorPageMetadata((lang) => metricsMessages[lang].title);
export const dynamic = 'force-dynamic';

/** "2 h 05 min", "35 min": a duration for people. */
function duration(seconds: number | null, t: (typeof metricsMessages)['en']): string {
  if (seconds === null) return '—';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t.minutes(minutes);
  return t.hoursMinutes(Math.floor(minutes / 60), String(minutes % 60).padStart(2, '0'));
}
const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${((part / whole) * 100).toFixed(1)} %`);

/** The operator metrics on one page (docs/operator-guide.md, "Metrics"): small server-drawn charts and their figures. */
export default async function MetricsPage() {
  await requireUser('operator', '/operator/metrics');
  const t = metricsMessages[await operatorLangOfRequest()];
  const metrics = await operatorMetrics((await getReadDatabase()).db);
  const open = metrics.openByAge.reduce((sum, bucket) => sum + bucket.count, 0);
  const ruled = metrics.rulingsPerDay.reduce((sum, day) => sum + day.count, 0);
  const dayLabel = (day: string) => day.slice(5);
  return (
    <>
      <h1>{t.title}</h1>
      <p className="lead">{t.lead(metrics.windowDays, open, ruled, duration(metrics.medianSecondsToRuling, t))}</p>
      <div className="metrics-grid">
        <section aria-labelledby="open-by-age">
          <h2 id="open-by-age">{t.openByAge}</h2>
          <BarChart title={t.openByAge} data={metrics.openByAge.map((bucket) => ({ label: t.ageBuckets[bucket.label] ?? bucket.label, value: bucket.count }))} />
        </section>
        <section aria-labelledby="rulings-per-day">
          <h2 id="rulings-per-day">{t.rulingsPerDay}</h2>
          <BarChart title={t.rulingsPerDay} data={metrics.rulingsPerDay.map((day) => ({ label: dayLabel(day.day), value: day.count }))} />
        </section>
        <section aria-labelledby="time-to-ruling">
          <h2 id="time-to-ruling">{t.timeToRuling}</h2>
          <LineChart
            title={t.timeToRulingChart}
            data={metrics.rulingsPerDay.map((day) => ({ label: dayLabel(day.day), value: day.medianSeconds === null ? null : day.medianSeconds / 3600 }))}
            format={(hours) => t.hours(Number(hours.toFixed(1)))}
          />
        </section>
      </div>
      <h2>{t.traders}</h2>
      {metrics.traders.length === 0 ? (
        <p className="console-empty">{t.noTraders}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t.tableLabel}>
          <table aria-label={t.tableLabel} className="dense">
            <thead>
              <tr>
                <th scope="col">{t.trader}</th>
                <th scope="col">{t.orders}</th>
                <th scope="col">{t.overdue}</th>
                <th scope="col">{t.overdueRate}</th>
                <th scope="col">{t.disputed}</th>
                <th scope="col">{t.disputeRate}</th>
              </tr>
            </thead>
            <tbody>
              {metrics.traders.map((trader) => (
                <tr key={trader.traderId}>
                  <td>{trader.name}</td>
                  <td>{trader.orders}</td>
                  <td>{trader.overdue}</td>
                  <td>
                    <meter min={0} max={1} value={trader.orders ? trader.overdue / trader.orders : 0} aria-label={t.overdueRateOf(trader.name)} /> {percent(trader.overdue, trader.orders)}
                  </td>
                  <td>{trader.disputed}</td>
                  <td>
                    <meter min={0} max={1} value={trader.orders ? trader.disputed / trader.orders : 0} aria-label={t.disputeRateOf(trader.name)} /> {percent(trader.disputed, trader.orders)}
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
