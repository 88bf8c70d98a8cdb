import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import type { AlertKind } from '../../db/schema';
import { hasMerchantPermission, merchantRoles } from '../merchant-team/merchant-permissions';
import type { AlertParams } from './alert-kinds';

/** Who an alert is for: a trader's people, a merchant's staff who read orders, or every operator. */
export type AlertRecipients = { traderId: string } | { merchantId: string } | { operators: true };

export interface NewAlert {
  kind: AlertKind;
  recipients: AlertRecipients;
  /** What the alert is about (an event id, a deadline id, a check id): with the person and channel, its dedupe key. */
  source: string;
  params: AlertParams;
  now: Date;
}

function recipientFilter(recipients: AlertRecipients) {
  if ('traderId' in recipients) return sql`u.role = 'trader' and u.trader_id = ${recipients.traderId}`;
  if ('merchantId' in recipients) {
    // Only the staff whose role reads orders: an alert names an order and its amount (a developer reads none).
    const roles = merchantRoles.filter((role) => hasMerchantPermission(role, 'orders.read'));
    return sql`u.role = 'merchant' and u.merchant_id = ${recipients.merchantId} and u.merchant_role in (${sql.join(roles.map((role) => sql`${role}`), sql`, `)})`;
  }
  return sql`u.role = 'operator'`;
}

/** The columns an alert's delivery rows are written with. */
const insertDelivery = sql.raw('insert into alert_deliveries (user_id, kind, channel, dedupe_key, params, next_attempt_at, created_at, updated_at)');

/** Each channel the user `u` has, as `c.channel`: a Telegram link, and any browser subscribed to push. */
const channelsOfUser = sql.raw(`join lateral (
      select 'telegram' as channel where exists (select 1 from telegram_links l where l.user_id = u.id)
      union all
      select 'push' where exists (select 1 from push_subscriptions s where s.user_id = u.id)
    ) c on true`);

/**
 * Writes one delivery per active recipient and channel they have (Telegram linked, push subscribed), in the caller's transaction.
 * The dedupe key makes a second write of the same alert (a scan run twice, a worker that crashed
 * after writing) add nothing. Muted kinds and quiet hours are read when it is sent, so a change of
 * settings applies to alerts already waiting.
 */
export async function enqueueAlert(db: Executor, alert: NewAlert): Promise<number> {
  const at = alert.now.toISOString();
  // One delivery per channel the person has.
  const result = await db.execute(sql`
    ${insertDelivery}
    select u.id, ${alert.kind}, c.channel, ${alert.source} || ':' || u.id::text || ':' || c.channel, ${JSON.stringify(alert.params)}::jsonb,
           ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
    from users u
    ${channelsOfUser}
    where u.status = 'active' and ${recipientFilter(alert.recipients)}
    on conflict (dedupe_key) do nothing
    returning id`);
  return rowsOf(result).length;
}

/**
 * The pool's tasks as `payout_task` alerts (docs/alerts.md, "Kinds"), as `enqueueAlert` would write
 * them one by one with `{ traderId }` as recipients and `task:<payout>:<trader>` as the source:
 * every PENDING_MATCH payout created since `since` and not yet past its match deadline, to the
 * people of each online trader whose active BUY quote takes its amount, on each channel they have.
 * In one statement, so the pool's size costs the database a join, not the process its memory.
 */
export async function enqueuePoolTaskAlerts(db: Executor, { at, since }: { at: string; since: string }): Promise<number> {
  const result = await db.execute(sql`
    ${insertDelivery}
    select u.id, 'payout_task', c.channel, 'task:' || p.id::text || ':' || t.id::text || ':' || u.id::text || ':' || c.channel,
           jsonb_build_object('orderNo', p.order_no, 'amount', p.locked_fiat_amount::text, 'currency', p.fiat_currency, 'flow', 'payout'),
           ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
    from users u
    ${channelsOfUser}
    join traders t on t.id = u.trader_id and t.status = 'active' and t.online
    join payout_orders p on p.status = 'PENDING_MATCH' and p.match_due_at > ${at}::timestamptz and p.created_at > ${since}::timestamptz
    where u.role = 'trader' and u.status = 'active'
      and exists (select 1 from trader_quotes q where q.trader_id = t.id and q.side = 'BUY' and q.active
                  and p.locked_fiat_amount between q.min_fiat and q.max_fiat)
    on conflict (dedupe_key) do nothing
    returning id`);
  return rowsOf(result).length;
}
