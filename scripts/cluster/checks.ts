import { inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { orderTransitions, payinOrders, payoutOrders } from '../../db/schema';
import { checkLedgerInvariants } from '../../server/ledger';
import type { Acknowledged } from './load-stats';

/** The timed transitions (server/scheduler/timers.ts): each may happen at most once per order. */
const TIMER_ACTIONS = ['mark_overdue', 'merchant_action_timeout', 'expire'] as const;

/**
 * A timer due this long before the schedulers stopped must have fired: a tick every 5 s
 * (server/scheduler/start-scheduler.ts), with room for slow ticks on a busy machine.
 */
export const TIMER_SLACK_MS = 20_000;

export interface DatabaseFigures {
  ordersAcknowledged: number;
  ordersMissing: number;
  transitionsAcknowledged: number;
  transitionsMissing: number;
  payoutOrders: number;
  payoutsWithoutFreeze: number;
  payinsMatched: number;
  payinsWithoutEscrow: number;
  timersFired: Record<string, number>;
  timersFiredTwice: number;
  timersDueNotFired: number;
  events: number;
  eventsWithoutDelivery: number;
  deliveriesNotSucceeded: number;
  eventsNeverReceived: number;
  deliveriesReceived: number;
  duplicateDeliveriesReceived: number;
  ledgerOk: boolean;
  ledgerProblems: unknown;
  payoutsByStatus: Record<string, number>;
  payinsByStatus: Record<string, number>;
}

const CHUNK = 1_000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

async function count(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(await db.execute(query));
  return Number(row?.n ?? 0);
}

async function byStatus(db: Db, table: 'payout_orders' | 'payin_orders'): Promise<Record<string, number>> {
  const rows = rowsOf<{ status: string; n: string | number }>(await db.execute(sql`select status, count(*) as n from ${sql.identifier(table)} group by status order by status`));
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}

/** Every order acknowledged with a 2xx exists, for its merchant and merchantOrderNo. */
async function missingOrders(db: Db, acknowledged: Acknowledged): Promise<number> {
  let found = 0;
  for (const flow of ['payout', 'payin'] as const) {
    const table = flow === 'payout' ? payoutOrders : payinOrders;
    const expected = acknowledged.creates.filter((order) => order.flow === flow);
    const key = (o: { orderId: string; merchantId: string; merchantOrderNo: string }) => `${o.orderId}|${o.merchantId}|${o.merchantOrderNo}`;
    const wanted = new Set(expected.map(key));
    for (const part of chunks(expected.map((order) => order.orderId))) {
      const rows = await db
        .select({ orderId: table.id, merchantId: table.merchantId, merchantOrderNo: table.merchantOrderNo })
        .from(table)
        .where(inArray(table.id, part));
      found += rows.filter((row) => wanted.has(key(row))).length;
    }
  }
  return acknowledged.creates.length - found;
}

/** Every state change acknowledged with a 2xx is on its order's timeline. */
async function missingTransitions(db: Db, acknowledged: Acknowledged): Promise<number> {
  const recorded = new Set<string>();
  const orderIds = [...new Set(acknowledged.transitions.map((t) => t.orderId))];
  for (const part of chunks(orderIds)) {
    const rows = await db
      .select({ orderId: orderTransitions.orderId, action: orderTransitions.action, flow: orderTransitions.flow })
      .from(orderTransitions)
      .where(inArray(orderTransitions.orderId, part));
    for (const row of rows) recorded.add(`${row.flow}|${row.orderId}|${row.action}`);
  }
  return acknowledged.transitions.filter((t) => !recorded.has(`${t.flow}|${t.orderId}|${t.action}`)).length;
}

/**
 * Reads the database after the run (schedulers stopped, webhook queue drained) and the receiver's
 * log, and counts what must be zero.
 */
export async function checkDatabase(db: Db, input: { acknowledged: Acknowledged; schedulersStoppedAt: Date; receivedWebhookIds: string[] }): Promise<DatabaseFigures> {
  const timerActions = sql.join(
    TIMER_ACTIONS.map((action) => sql`${action}`),
    sql`, `,
  );
  const firedRows = rowsOf<{ action: string; n: string | number }>(
    await db.execute(sql`select action, count(*) as n from order_transitions where action in (${timerActions}) group by action order by action`),
  );
  const cutoff = new Date(input.schedulersStoppedAt.getTime() - TIMER_SLACK_MS).toISOString();

  const eventIds = rowsOf<{ id: string }>(
    await db.execute(sql`select e.id from outbox_events e join merchants m on m.id = e.merchant_id where m.webhook_url is not null`),
  ).map((row) => row.id);
  const received = new Set(input.receivedWebhookIds);
  const ledger = await checkLedgerInvariants(db);

  return {
    ordersAcknowledged: input.acknowledged.creates.length,
    ordersMissing: await missingOrders(db, input.acknowledged),
    transitionsAcknowledged: input.acknowledged.transitions.length,
    transitionsMissing: await missingTransitions(db, input.acknowledged),
    payoutOrders: await count(db, sql`select count(*) as n from payout_orders`),
    // The freeze is posted with the order (server/payouts/payout-ledger.ts: payout:<id>:freeze).
    payoutsWithoutFreeze: await count(
      db,
      sql`select count(*) as n from payout_orders p where not exists (select 1 from ledger_transfers t where t.id = 'payout:' || p.id || ':freeze')`,
    ),
    payinsMatched: await count(db, sql`select count(*) as n from payin_orders where trader_id is not null`),
    // A matched pay-in holds the trader's USDT in escrow (server/payins/payin-ledger.ts: payin:<id>:escrow).
    payinsWithoutEscrow: await count(
      db,
      sql`select count(*) as n from payin_orders p where p.trader_id is not null and not exists (select 1 from ledger_transfers t where t.id = 'payin:' || p.id || ':escrow')`,
    ),
    timersFired: Object.fromEntries(firedRows.map((row) => [row.action, Number(row.n)])),
    timersFiredTwice: await count(
      db,
      sql`select count(*) as n from (select 1 from order_transitions where action in (${timerActions}) group by flow, order_id, action having count(*) > 1) twice`,
    ),
    timersDueNotFired: await count(
      db,
      sql`select (select count(*) from payout_orders where status = 'PENDING_PAYMENT' and payment_due_at < ${cutoff}::timestamptz)
           + (select count(*) from payout_orders where status = 'PAYMENT_SUBMITTED' and merchant_action_due_at < ${cutoff}::timestamptz)
           + (select count(*) from payin_orders where status in ('PENDING_MATCH', 'PENDING_PAYMENT') and expires_at < ${cutoff}::timestamptz) as n`,
    ),
    events: eventIds.length,
    eventsWithoutDelivery: await count(
      db,
      sql`select count(*) as n from outbox_events e join merchants m on m.id = e.merchant_id
          where m.webhook_url is not null and not exists (select 1 from webhook_deliveries d where d.event_id = e.id)`,
    ),
    deliveriesNotSucceeded: await count(db, sql`select count(*) as n from webhook_deliveries where status <> 'succeeded'`),
    eventsNeverReceived: eventIds.filter((id) => !received.has(id)).length,
    deliveriesReceived: input.receivedWebhookIds.length,
    duplicateDeliveriesReceived: input.receivedWebhookIds.length - received.size,
    ledgerOk: ledger.ok,
    ledgerProblems: ledger.ok ? null : { totals: ledger.totals, balanceMismatches: ledger.balanceMismatches, unbalancedTransfers: ledger.unbalancedTransfers, negativeAccounts: ledger.negativeAccounts },
    payoutsByStatus: await byStatus(db, 'payout_orders'),
    payinsByStatus: await byStatus(db, 'payin_orders'),
  };
}

/** Deliveries not yet succeeded; the run waits for zero before it checks. */
export function undeliveredCount(db: Db): Promise<number> {
  return count(db, sql`select count(*) as n from webhook_deliveries where status <> 'succeeded'`);
}
