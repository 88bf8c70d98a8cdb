import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Names for the ids an audit page shows: users by display name, merchants and traders by name,
 * orders by order number. One query over the primary keys of each table.
 */
export async function auditNames(db: Executor, options: { ids: (string | null)[] }): Promise<Map<string, string>> {
  const ids = [...new Set(options.ids.filter((id): id is string => id !== null && UUID.test(id)).map((id) => id.toLowerCase()))];
  if (ids.length === 0) return new Map();
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = rowsOf<{ id: string; name: string }>(
    await db.execute(sql`
      select id::text, display_name as name from users where id in (${list})
      union all select id::text, name from merchants where id in (${list})
      union all select id::text, name from traders where id in (${list})
      union all select id::text, order_no from payout_orders where id in (${list})
      union all select id::text, order_no from payin_orders where id in (${list})`),
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}
