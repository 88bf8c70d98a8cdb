import Decimal from 'decimal.js';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import type { RiskFlow } from '../../db/schema';
import type { velocityKeys } from './risk-rule.schema';

/** A column or expression of an order, of the row named `alias` when given (`o` in the back-test). */
type Column = (alias?: string) => SQL;
const column = (name: string): Column => (alias) => sql.raw(alias ? `${alias}.${name}` : name);

/** What a velocity or outlier condition reads of a flow's orders (docs/risk.md, "Conditions"). */
interface FlowColumns {
  table: SQL;
  /** The CNY of an order: what the buyer pays, or what the recipient gets. */
  amount: Column;
  keys: Partial<Record<(typeof velocityKeys)[number], Column>>;
}

export const flowColumns: Record<RiskFlow, FlowColumns> = {
  payin: {
    table: sql.raw('payin_orders'),
    amount: column('fiat_amount'),
    keys: { buyer_reference: (alias) => sql.raw(`(${alias ? `${alias}.` : ''}metadata->>'buyerId')`), client_address: column('client_address') },
  },
  payout: {
    table: sql.raw('payout_orders'),
    amount: column('locked_fiat_amount'),
    keys: { recipient_account: column('recipient_account_fingerprint'), client_address: column('client_address') },
  },
};

export interface Velocity {
  count: number;
  /** CNY, as numeric text. */
  total: string;
}

/**
 * Orders of one flow with this key value created in (since, until], within one merchant when
 * given (a merchant's rule counts its own orders only; a buyer reference is always the merchant's).
 */
export async function velocityOf(
  db: Executor,
  query: { flow: RiskFlow; per: (typeof velocityKeys)[number]; value: string; since: Date; until: Date; merchantId: string | null },
): Promise<Velocity> {
  const columns = flowColumns[query.flow];
  const key = columns.keys[query.per];
  if (!key) return { count: 0, total: '0' };
  const merchant = query.merchantId ? sql`and merchant_id = ${query.merchantId}` : sql``;
  const [row] = rowsOf<{ count: number; total: string }>(
    await db.execute(sql`
      select count(*)::int as count, coalesce(sum(${columns.amount()}), 0)::text as total
        from ${columns.table}
       where ${key()} = ${query.value} and created_at > ${query.since.toISOString()} and created_at <= ${query.until.toISOString()} ${merchant}`),
  );
  return { count: Number(row?.count ?? 0), total: row?.total ?? '0' };
}

/** At least this many earlier orders before an amount can be an outlier: too few say nothing. */
export const OUTLIER_MIN_HISTORY = 20;

/**
 * The amount above which an order is an outlier for its merchant: the percentile (an amount some
 * order had, percentile_disc, so no float) or k times the median of the merchant's last N orders
 * of the flow created before `before`. Null with fewer than OUTLIER_MIN_HISTORY orders.
 */
export async function outlierThreshold(
  db: Executor,
  query: { flow: RiskFlow; merchantId: string; lastOrders: number; percentile?: number; timesMedian?: string; before: Date },
): Promise<string | null> {
  const columns = flowColumns[query.flow];
  const fraction = ((query.percentile ?? 50) / 100).toFixed(2);
  const [row] = rowsOf<{ count: number; value: string | null }>(
    await db.execute(sql`
      select count(*)::int as count, percentile_disc(${fraction}::float8) within group (order by amount)::text as value
        from (select ${columns.amount()} as amount from ${columns.table}
               where merchant_id = ${query.merchantId} and created_at < ${query.before.toISOString()}
               order by created_at desc limit ${query.lastOrders}) recent`),
  );
  if (!row?.value || Number(row.count) < OUTLIER_MIN_HISTORY) return null;
  return query.timesMedian ? new Decimal(row.value).times(query.timesMedian).toFixed(2) : row.value;
}
