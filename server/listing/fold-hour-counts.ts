import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';

/** Hours that ended this long ago no longer get creates, only the odd status change. */
const FOLD_AFTER_MS = 2 * 3_600_000;

/**
 * Folds the per-connection shards of past hours in merchant_order_hour_counts into shard 0, and
 * drops rows that sum to nothing, so a range total sums one row per hour and status however many
 * connections wrote that hour. Sums are unchanged: the deleted shards' orders are added to shard 0
 * in the same statement. Returns the number of shard rows folded.
 */
export async function foldHourCounts(db: Executor, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - FOLD_AFTER_MS).toISOString();
  const [folded] = rowsOf<{ rows: string | number }>(
    await db.execute(sql`
      with moved as (
        delete from merchant_order_hour_counts where hour < ${cutoff}::timestamptz and shard <> 0
        returning flow, merchant_id, hour, status, orders
      ), summed as (
        select flow, merchant_id, hour, status, sum(orders)::bigint as orders from moved group by 1, 2, 3, 4
      ), added as (
        insert into merchant_order_hour_counts as c (flow, merchant_id, hour, status, shard, orders)
        select flow, merchant_id, hour, status, 0, orders from summed order by 1, 2, 3, 4
        on conflict (flow, merchant_id, hour, status, shard) do update set orders = c.orders + excluded.orders
        returning 1
      )
      select (select count(*) from moved) as rows, (select count(*) from added) as added`),
  );
  await db.execute(sql`delete from merchant_order_hour_counts where hour < ${cutoff}::timestamptz and orders = 0`);
  return Number(folded?.rows ?? 0);
}
