import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';

export interface NotificationStatsRow {
  traderId: string;
  traderName: string;
  parserId: string;
  credits: number;
  autoReleased: number;
  suggestionsConfirmed: number;
  suggestionsRejected: number;
  unmatchedCredits: number;
  unparsed: number;
  /** Pay-ins a notification released that were disputed afterwards: the false-release count. */
  disputedAfterRelease: number;
}

/**
 * For operators (operator console, "Automatic confirmation"): per trader and bank template, over
 * the notifications kept (30 days), how many credits came, how many released a pay-in on their own
 * or through a taken suggestion, how many credits matched nothing, and how many released pay-ins
 * were disputed later. The auto-release rate is autoReleased / credits.
 */
export async function notificationStats(db: Executor): Promise<NotificationStatsRow[]> {
  const rows = rowsOf<Record<string, string | number>>(
    await db.execute(sql`
      select n.trader_id as "traderId", t.name as "traderName", coalesce(n.parser_id, 'unparsed') as "parserId",
             count(*) filter (where n.direction = 'credit') as credits,
             count(*) filter (where n.match_status = 'released') as "autoReleased",
             count(*) filter (where n.match_status = 'confirmed') as "suggestionsConfirmed",
             count(*) filter (where n.match_status = 'rejected') as "suggestionsRejected",
             count(*) filter (where n.direction = 'credit' and n.match_status = 'ignored') as "unmatchedCredits",
             count(*) filter (where n.match_status = 'unparsed') as unparsed,
             count(*) filter (where n.match_status in ('released', 'confirmed') and o.disputed_at is not null) as "disputedAfterRelease"
      from bank_notifications n
      join traders t on t.id = n.trader_id
      left join payin_orders o on o.id = n.payin_order_id
      group by n.trader_id, t.name, coalesce(n.parser_id, 'unparsed')
      order by t.name, 3`),
  );
  const count = (value: string | number | undefined) => Number(value ?? 0);
  return rows.map((row) => ({
    traderId: String(row.traderId),
    traderName: String(row.traderName),
    parserId: String(row.parserId),
    credits: count(row.credits),
    autoReleased: count(row.autoReleased),
    suggestionsConfirmed: count(row.suggestionsConfirmed),
    suggestionsRejected: count(row.suggestionsRejected),
    unmatchedCredits: count(row.unmatchedCredits),
    unparsed: count(row.unparsed),
    disputedAfterRelease: count(row.disputedAfterRelease),
  }));
}
