import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';

export interface OperatorMetrics {
  /** Open disputes (both flows) by how long ago they were opened. */
  openByAge: { label: string; count: number }[];
  /** Cases ruled per UTC day, oldest first, the window's every day (zero days included). */
  rulingsPerDay: { day: string; count: number; medianSeconds: number | null }[];
  /** Median time from dispute to ruling over the window, in seconds; null when nothing was ruled. */
  medianSecondsToRuling: number | null;
  /** Per trader over the window: orders taken, of which went overdue and were disputed. */
  traders: { traderId: string; name: string; orders: number; overdue: number; disputed: number }[];
  windowDays: number;
}

const AGE_BUCKETS = [
  { label: 'under 1 h', upToHours: 1 },
  { label: '1–4 h', upToHours: 4 },
  { label: '4–24 h', upToHours: 24 },
  { label: '1–3 d', upToHours: 72 },
  { label: 'over 3 d', upToHours: null },
] as const;

/**
 * The numbers of the operator metrics page (docs/operator-guide.md, "Metrics"). Open disputes come
 * from the partial indexes on DISPUTED orders; rulings, overdue and disputes from the transitions
 * log of the window (a range scan by time: the window is short and the page is read by a few
 * operators, not by the API).
 */
export async function operatorMetrics(db: Executor, options: { now?: Date; windowDays?: number } = {}): Promise<OperatorMetrics> {
  const now = options.now ?? new Date();
  const windowDays = options.windowDays ?? 14;
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (windowDays - 1)));

  const ages = rowsOf<{ hours: string | number }>(
    await db.execute(sql`
      select extract(epoch from (${now.toISOString()}::timestamptz - coalesce(disputed_at, created_at))) / 3600 as hours from payout_orders where status = 'DISPUTED'
      union all
      select extract(epoch from (${now.toISOString()}::timestamptz - coalesce(disputed_at, created_at))) / 3600 from payin_orders where status = 'DISPUTED'`),
  ).map((row) => Number(row.hours));
  const openByAge = AGE_BUCKETS.map((bucket, index) => {
    const from = index === 0 ? -Infinity : AGE_BUCKETS[index - 1]!.upToHours!;
    const to = bucket.upToHours ?? Infinity;
    return { label: bucket.label, count: ages.filter((hours) => hours >= from && hours < to).length };
  });

  // A ruling is a transition out of DISPUTED; its duration runs from the order's disputedAt.
  const rulings = sql`
    select tr.created_at as ruled_at, extract(epoch from (tr.created_at - coalesce(p.disputed_at, i.disputed_at))) as seconds
      from order_transitions tr
      left join payout_orders p on tr.flow = 'payout' and p.id = tr.order_id
      left join payin_orders i on tr.flow = 'payin' and i.id = tr.order_id
     where tr.from_status = 'DISPUTED' and tr.to_status <> 'DISPUTED' and tr.created_at >= ${since.toISOString()}::timestamptz`;
  const perDay = rowsOf<{ day: string; count: string | number; median: string | number | null }>(
    await db.execute(sql`
      select to_char(d.day, 'YYYY-MM-DD') as day, count(r.ruled_at) as count,
             percentile_cont(0.5) within group (order by r.seconds) as median
        from generate_series(${since.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, interval '1 day') as d(day)
        left join (${rulings}) r on r.ruled_at >= d.day and r.ruled_at < d.day + interval '1 day'
       group by d.day order by d.day`),
  );
  const [overall] = rowsOf<{ median: string | number | null }>(
    await db.execute(sql`select percentile_cont(0.5) within group (order by r.seconds) as median from (${rulings}) r`),
  );

  const traders = rowsOf<{ trader_id: string; name: string; orders: string | number; overdue: string | number; disputed: string | number }>(
    await db.execute(sql`
      select t.id as trader_id, t.name,
             count(distinct tr.order_id) filter (where tr.action in ('accept', 'match') or (tr.flow = 'payin' and tr.from_status is null)) as orders,
             count(distinct tr.order_id) filter (where tr.to_status = 'PAYMENT_OVERDUE') as overdue,
             count(distinct tr.order_id) filter (where tr.to_status = 'DISPUTED') as disputed
        from order_transitions tr
        left join payout_orders p on tr.flow = 'payout' and p.id = tr.order_id
        left join payin_orders i on tr.flow = 'payin' and i.id = tr.order_id
        join traders t on t.id = coalesce(p.trader_id, i.trader_id)
       where tr.created_at >= ${since.toISOString()}::timestamptz
       group by t.id, t.name
      having count(distinct tr.order_id) filter (where tr.action in ('accept', 'match') or (tr.flow = 'payin' and tr.from_status is null)) > 0
       order by t.name`),
  );

  const num = (value: string | number | null | undefined) => (value === null || value === undefined ? null : Number(value));
  return {
    openByAge,
    rulingsPerDay: perDay.map((row) => ({ day: row.day, count: Number(row.count), medianSeconds: num(row.median) })),
    medianSecondsToRuling: num(overall?.median),
    traders: traders.map((row) => ({ traderId: row.trader_id, name: row.name, orders: Number(row.orders), overdue: Number(row.overdue), disputed: Number(row.disputed) })),
    windowDays,
  };
}
