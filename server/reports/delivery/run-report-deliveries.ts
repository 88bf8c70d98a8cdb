import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/client';
import { reportDeliveries, type ReportDeliveryTarget } from '../../../db/schema';
import type { Keyring } from '../../crypto/keyring';
import { log } from '../../logging/log';
import { dayBounds } from '../settlement-rows';
import { deliverReportFile, ReportDeliveryError } from './deliver-report-file';
import { reportFileStream } from './report-file';
import type { ReportTarget } from './report-target';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** A day is planned this long after it ends: a transaction begun before midnight has committed by then. */
const PLAN_LAG_MS = 10 * MINUTE;
/** Closed days planned again when missing (a scheduler that was down catches up). */
const CATCH_UP_DAYS = 3;
const MAX_ATTEMPTS = 12;
const LEASE_MS = 15 * MINUTE;
const BATCH = 20;

/** 1, 2, 4 … minutes after each failed attempt, at most 6 hours. */
const backoffMs = (attempts: number) => Math.min(2 ** Math.max(0, attempts - 1) * MINUTE, 6 * 60 * MINUTE);

export interface DeliveryCounts {
  planned: number;
  delivered: number;
  retrying: number;
  failed: number;
}

interface RunReportDeliveriesOptions {
  ring: Keyring;
  targets: readonly ReportTarget[];
  now?: Date;
}

/**
 * The scheduled delivery of closed days' reports (docs/reconciliation.md, "Scheduled delivery"):
 * each closed day (UTC, planned 10 minutes after it ends) gets its journal and one signed
 * settlement report per merchant whose balance moved that day, as JSON and CSV, in every
 * configured place; each file is delivered once, retried with backoff when the place fails, and
 * given up after 12 attempts with an error in the log. Safe on several scheduler nodes: a file is
 * leased before it is sent.
 */
export async function runReportDeliveries(db: Db, { ring, targets, now = new Date() }: RunReportDeliveriesOptions): Promise<DeliveryCounts> {
  const counts: DeliveryCounts = { planned: 0, delivered: 0, retrying: 0, failed: 0 };
  if (targets.length === 0) return counts;
  for (const date of closedDays(now)) counts.planned += await planDay(db, date, targets);
  const byKind = new Map(targets.map((target) => [target.kind, target]));
  for (;;) {
    const claimed = await claimDue(db, [...byKind.keys()], now);
    for (const row of claimed) {
      const target = byKind.get(row.target)!;
      const file = { kind: row.kind, businessDate: row.businessDate, merchantId: row.merchantId };
      const attempts = row.attempts + 1;
      try {
        const delivered = await deliverReportFile(target, file, () => reportFileStream(db, ring, file), { id: row.id, now });
        await db
          .update(reportDeliveries)
          .set({ status: 'delivered', attempts, sha256: delivered.sha256, bytes: delivered.bytes, deliveredAt: new Date(), leasedUntil: null, lastError: null })
          .where(eq(reportDeliveries.id, row.id));
        counts.delivered += 1;
      } catch (error) {
        const reason = error instanceof ReportDeliveryError ? error.reason : 'generate_failed';
        const gaveUp = attempts >= MAX_ATTEMPTS;
        await db
          .update(reportDeliveries)
          .set({ status: gaveUp ? 'failed' : 'pending', attempts, lastError: reason, nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)), leasedUntil: null })
          .where(eq(reportDeliveries.id, row.id));
        log(gaveUp ? 'error' : 'warn', gaveUp ? 'report delivery gave up' : 'report delivery failed, will retry', {
          deliveryId: row.id,
          kind: row.kind,
          businessDate: row.businessDate,
          target: row.target,
          reason,
          attempts,
        });
        counts[gaveUp ? 'failed' : 'retrying'] += 1;
      }
    }
    if (claimed.length < BATCH) return counts;
  }
}

/** The closed days to plan at `now`, oldest first. */
function closedDays(now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days: string[] = [];
  for (let back = CATCH_UP_DAYS; back >= 1; back -= 1) {
    const start = today - back * DAY;
    if (start + DAY + PLAN_LAG_MS <= now.getTime()) days.push(new Date(start).toISOString().slice(0, 10));
  }
  return days;
}

/** Writes the day's deliveries once per place: the journal, and both forms of each moved merchant's report. */
async function planDay(db: Db, date: string, targets: readonly ReportTarget[]): Promise<number> {
  const missing: ReportDeliveryTarget[] = [];
  for (const target of targets) {
    const [journal] = await db
      .select({ id: reportDeliveries.id })
      .from(reportDeliveries)
      .where(and(eq(reportDeliveries.businessDate, date), eq(reportDeliveries.kind, 'journal'), eq(reportDeliveries.target, target.kind)));
    if (!journal) missing.push(target.kind);
  }
  if (missing.length === 0) return 0;
  const { start, end } = dayBounds(date);
  const merchants = rowsOf<{ owner_id: string }>(
    await db.execute(sql`
      select a.owner_id::text as owner_id from ledger_accounts a
      where a.owner_type = 'merchant'
        and exists (select 1 from ledger_postings p where p.account_id = a.id and p.created_at >= ${start}::timestamptz and p.created_at < ${end}::timestamptz)
      group by a.owner_id order by a.owner_id`),
  ).map((row) => row.owner_id);
  const rows = missing.flatMap((target) => [
    ...merchants.flatMap((merchantId) => (['settlement_json', 'settlement_csv'] as const).map((kind) => ({ businessDate: date, kind, merchantId, target }))),
    // The journal last: its row says the day was planned for this place.
    { businessDate: date, kind: 'journal' as const, merchantId: null, target },
  ]);
  const written = await db.insert(reportDeliveries).values(rows).onConflictDoNothing().returning({ id: reportDeliveries.id });
  return written.length;
}

async function claimDue(db: Db, targets: ReportDeliveryTarget[], now: Date) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: reportDeliveries.id })
      .from(reportDeliveries)
      .where(
        and(
          eq(reportDeliveries.status, 'pending'),
          inArray(reportDeliveries.target, targets),
          lte(reportDeliveries.nextAttemptAt, now),
          or(isNull(reportDeliveries.leasedUntil), lte(reportDeliveries.leasedUntil, now)),
        ),
      )
      .orderBy(reportDeliveries.businessDate, reportDeliveries.createdAt)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(reportDeliveries)
      .set({ leasedUntil: new Date(now.getTime() + LEASE_MS) })
      .where(inArray(reportDeliveries.id, due.map((row) => row.id)))
      .returning();
  });
}
