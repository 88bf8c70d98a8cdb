import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { AlertParams } from './alert-kinds';
import { enqueueAlert, enqueuePoolTaskAlerts, type AlertRecipients } from './enqueue-alert';

/** How long before a deadline its party is warned (docs/alerts.md, "Kinds"). */
const DEADLINE_WARNING_MS = 3_600_000;
/** How far back a scan looks: a worker that was down this long still sends what it missed. */
const LOOKBACK_MS = 24 * 3_600_000;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

interface DeadlineRow {
  id: string;
  flow: 'payout' | 'payin';
  party: 'trader' | 'merchant' | 'buyer' | 'operator';
  party_id: string | null;
  due_at: Date | string;
  order_no: string;
}

function deadlineRecipients(row: DeadlineRow): AlertRecipients | null {
  if (row.party === 'operator') return { operators: true };
  if (row.party === 'trader' && row.party_id) return { traderId: row.party_id };
  if (row.party === 'merchant' && row.party_id) return { merchantId: row.party_id };
  return null; // the buyer has no account to alert: the checkout page shows the countdown
}

/**
 * The alerts that come from state rather than from an event: deadlines about to pass, cases
 * overdue, failed ledger and solvency checks, payout tasks waiting in the pool. Each is keyed by
 * what it is about (the deadline, the check, the payout and trader), so running the scan again,
 * on any number of workers, adds nothing it already added.
 */
export async function scanAlerts(db: Db, now: Date): Promise<number> {
  const at = now.toISOString();
  const since = new Date(now.getTime() - LOOKBACK_MS).toISOString();
  const warnUntil = new Date(now.getTime() + DEADLINE_WARNING_MS).toISOString();
  let written = 0;
  const add = async (kind: Parameters<typeof enqueueAlert>[1]['kind'], recipients: AlertRecipients, source: string, params: AlertParams) => {
    written += await enqueueAlert(db, { kind, recipients, source, params, now });
  };

  const orderNoOf = sql`coalesce((select order_no from payout_orders where d.flow = 'payout' and id = d.order_id), (select order_no from payin_orders where d.flow = 'payin' and id = d.order_id))`;
  const soon = rowsOf<DeadlineRow>(
    await db.execute(sql`
      select d.id, d.flow, d.party, d.party_id, d.due_at, ${orderNoOf} as order_no from dispute_deadlines d
      where d.met_at is null and d.missed_at is null and d.due_at > ${at}::timestamptz and d.due_at <= ${warnUntil}::timestamptz`),
  );
  for (const row of soon) {
    const recipients = deadlineRecipients(row);
    if (recipients) await add('deadline_soon', recipients, `deadline:${row.id}`, { orderNo: row.order_no, flow: row.flow, party: row.party, dueAt: iso(row.due_at) });
  }

  const overdue = rowsOf<DeadlineRow>(
    await db.execute(sql`
      select d.id, d.flow, d.party, d.party_id, d.due_at, ${orderNoOf} as order_no from dispute_deadlines d
      where d.missed_at is not null and d.missed_at > ${since}::timestamptz`),
  );
  for (const row of overdue) {
    await add('case_overdue', { operators: true }, `overdue:${row.id}`, { orderNo: row.order_no, flow: row.flow, party: row.party, dueAt: iso(row.due_at) });
  }

  const ledger = rowsOf<{ id: number | string; created_at: Date | string }>(
    await db.execute(sql`select id, created_at from ledger_checks where not ok and created_at > ${since}::timestamptz`),
  );
  for (const row of ledger) await add('ledger_alarm', { operators: true }, `ledger:${row.id}`, { check: 'ledger', dueAt: iso(row.created_at) });

  const solvency = rowsOf<{ id: string; run_at: Date | string }>(
    await db.execute(sql`select id, run_at from solvency_checks where status = 'shortfall' and run_at > ${since}::timestamptz`),
  );
  for (const row of solvency) await add('ledger_alarm', { operators: true }, `solvency:${row.id}`, { check: 'solvency', dueAt: iso(row.run_at) });

  // A payout waiting in the pool, to each online trader whose BUY quote's limits take its amount:
  // one statement, in the database. The pool can hold a day of payouts (a busy merchant's
  // hundred thousand): read into the process, payout by payout and trader by trader, they filled
  // its memory, and most of them go to nobody (a trader with no Telegram and no push).
  written += await enqueuePoolTaskAlerts(db, { at, since });
  return written;
}
