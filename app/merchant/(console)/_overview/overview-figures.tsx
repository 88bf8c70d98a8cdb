import Link from 'next/link';
import type { FlowSummary } from '../../../../server/merchant-console/merchant-overview.schema';
import type { MerchantBalance } from '../../../../server/balances/merchant-balance.schema';
import type { OrdersMessages } from '../../_components/orders-messages';
import { VolumeChart } from '../../_components/volume-chart';
import { formatUsdt } from '../../../../common/amount-display';

/** "3 h 05 min", "12 min", "45 s": a median completion time. */
function duration(seconds: number | null, none: string): string {
  if (seconds === null) return none;
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  if (hours > 0) return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
  return `${minutes} min`;
}

function percent(rate: string | null, none: string): string {
  if (rate === null) return none;
  // The rate is a 4-decimal string; shifting its digits gives the percent without float arithmetic.
  const [whole = '0', fraction = '0000'] = rate.split('.');
  const basisPoints = Number(whole) * 10000 + Number(fraction.padEnd(4, '0'));
  return `${Math.floor(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}%`;
}

function FlowCard({ id, title, href, flow, t }: { id: string; title: string; href: string; flow: FlowSummary; t: OrdersMessages['figures'] }) {
  const first = flow.days[0]?.day ?? '';
  const last = flow.days[flow.days.length - 1]?.day ?? '';
  return (
    <section className="figure-card" aria-labelledby={id} data-testid={id}>
      <h3 id={id}>{title}</h3>
      <dl className="facts">
        <dt>{t.today}</dt>
        <dd>
          <span className="figure-big" data-testid={`${id}-today-volume`}>
            {formatUsdt(flow.today.volume)}
          </span>{' '}
          USDT · {flow.today.orders} {t.orders} · {flow.today.completed} {t.completed}
        </dd>
        <dt>{t.last30}</dt>
        <dd data-testid={`${id}-30d`}>
          {formatUsdt(flow.last30Days.volume)} USDT · {flow.last30Days.orders} {t.orders} · {flow.last30Days.completed} {t.completed}
        </dd>
        <dt>
          {t.successRate} <small>({t.successRateHint})</small>
        </dt>
        <dd>{percent(flow.successRate, t.none)}</dd>
        <dt>{t.medianTime}</dt>
        <dd>{duration(flow.medianCompletionSeconds, t.none)}</dd>
        <dt>{t.openDisputes}</dt>
        <dd data-testid={`${id}-disputes`}>{flow.openDisputes}</dd>
      </dl>
      <VolumeChart days={flow.days} label={t.chartLabel(title, first, last, flow.last30Days.volume)} />
      <p>
        <Link href={href}>{t.seeOrders(title)}</Link>
      </p>
    </section>
  );
}

/** The overview's figures: the balance (finance and owners), then payouts and pay-ins (whoever reads orders). */
export function OverviewFigures({ t, balance, orders }: { t: OrdersMessages['figures']; balance: MerchantBalance | null; orders: { payouts: FlowSummary; payins: FlowSummary } | null }) {
  return (
    <section aria-labelledby="activity-heading">
      <h2 id="activity-heading">{t.heading}</h2>
      <p>{t.lead}</p>
      {balance ? (
        <section className="figure-card" aria-labelledby="balance-heading">
          <h3 id="balance-heading">{t.balance}</h3>
          <dl className="facts">
            <dt>{t.available}</dt>
            <dd className="figure-big" data-testid="balance-available">
              {formatUsdt(balance.available)} USDT
            </dd>
            <dt>{t.frozen}</dt>
            <dd data-testid="balance-frozen">{formatUsdt(balance.frozen)} USDT</dd>
            <dt>{t.pending}</dt>
            <dd>{formatUsdt(balance.pending)} USDT</dd>
          </dl>
        </section>
      ) : null}
      {orders ? (
        <div className="figures">
          <FlowCard id="payouts-figures" title={t.payouts} href="/merchant/payouts" flow={orders.payouts} t={t} />
          <FlowCard id="payins-figures" title={t.payins} href="/merchant/payins" flow={orders.payins} t={t} />
        </div>
      ) : null}
    </section>
  );
}
