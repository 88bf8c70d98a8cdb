import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../client';
import { reusableSql } from '../reusable-query';
import { merchantOrderHourCounts, payinOrders, payoutOrders } from '../schema';

/**
 * The statement of a range total (server/listing/range-total.ts decides the shape from the range:
 * docs/performance.md, "Range totals"): whole hours from merchant_order_hour_counts, the partial
 * hours at the edges counted on the orders' (merchant, created_at) index or as their hour's counter
 * minus the rest.
 */
export type Edge = 'none' | 'count' | 'complement';
export interface Shape {
  /** No whole hour inside: count the range on the index. */
  direct: boolean;
  from: boolean;
  to: boolean;
  low: Edge;
  high: Edge;
}

/**
 * Runs the statement of this shape with its values (`flow`, `merchantId`, `status0`..., and the
 * instants its edges name). Each shape is built once (db/reusable-query.ts): a list with a date
 * range is what reconciliation jobs poll, and building the statement cost more CPU than running it.
 */
export function orderRangeCount(db: Executor, statement: { flow: 'payout' | 'payin'; statuses: number; shape: Shape }, values: Record<string, unknown>) {
  return statementOf(statement.flow, statement.statuses, statement.shape)(db, values);
}

const statements = new Map<string, ReturnType<typeof reusableSql>>();

function statementOf(flow: 'payout' | 'payin', statuses: number, shape: Shape) {
  const key = `${flow}|${statuses}|${shape.direct}|${shape.from}|${shape.to}|${shape.low}|${shape.high}`;
  let statement = statements.get(key);
  if (!statement) {
    statement = reusableSql(() => buildStatement(flow, statuses, shape));
    statements.set(key, statement);
  }
  return statement;
}

function buildStatement(flow: 'payout' | 'payin', statuses: number, shape: Shape): SQL {
  const table = flow === 'payout' ? payoutOrders : payinOrders;
  const h = merchantOrderHourCounts;
  const p = (name: string) => sql.placeholder(name);
  const at = (name: string) => sql`${p(name)}::timestamptz`;
  const statusIn = (column: SQL) =>
    statuses > 0 ? sql` and ${column} in (${sql.join(Array.from({ length: statuses }, (_, index) => p(`status${index}`)), sql`, `)})` : sql``;
  const orders = (lower: SQL, upper: SQL) =>
    sql`(select count(*) from ${table} where ${table.merchantId} = ${p('merchantId')}${statusIn(sql`${table.status}`)}${lower}${upper})`;
  const counters = (hours: SQL) =>
    sql`(select coalesce(sum(${h.orders}), 0) from ${h} where ${h.flow} = ${p('flow')} and ${h.merchantId} = ${p('merchantId')}${statusIn(sql`${h.status}`)}${hours})`;
  const fromBound = shape.from ? sql` and ${table.createdAt} >= ${at('from')}` : sql``;
  const toBound = shape.to ? sql` and ${table.createdAt} <= ${at('to')}` : sql``;
  if (shape.direct) return sql`select ${orders(fromBound, toBound)} as total`;

  const whole = counters(sql`${shape.low !== 'none' ? sql` and ${h.hour} >= ${at('wholeFrom')}` : sql``}${shape.high !== 'none' ? sql` and ${h.hour} < ${at('wholeTo')}` : sql``}`);
  const lowEdge =
    shape.low === 'complement'
      ? sql`(${counters(sql` and ${h.hour} = ${at('lowHour')}`)} - ${orders(sql` and ${table.createdAt} >= ${at('lowHour')}`, sql` and ${table.createdAt} < ${at('from')}`)})`
      : shape.low === 'count'
        ? orders(fromBound, sql` and ${table.createdAt} < ${at('wholeFrom')}`)
        : sql`0`;
  const highEdge =
    shape.high === 'complement'
      ? sql`(${counters(sql` and ${h.hour} = ${at('wholeTo')}`)} - ${orders(sql` and ${table.createdAt} > ${at('to')}`, sql` and ${table.createdAt} < ${at('highEnd')}`)})`
      : shape.high === 'count'
        ? orders(sql` and ${table.createdAt} >= ${at('wholeTo')}`, toBound)
        : sql`0`;
  return sql`select ${whole} + ${lowEdge} + ${highEdge} as total`;
}
