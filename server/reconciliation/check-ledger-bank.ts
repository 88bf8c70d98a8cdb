import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { Dec } from '../money/decimal';
import type { BusinessDay } from './business-day';
import { expectedUntil, type Finding } from './finding';

interface CheckLedgerBankOptions {
  day: BusinessDay;
  now: Date;
  deadlineMs: number;
}

/**
 * Ledger vs bank (docs/reconciliation.md): every pay-in completed on the day against the bank
 * notification that released it (on its own, or the trader's confirmed suggestion), and every
 * credit notification of the day that released no pay-in. The buyer was asked to pay the order's
 * payment amount when its account confirms from notifications (fiat plus a few cents), else its
 * fiat amount: that is what the bank must show.
 */
export async function checkLedgerBank(db: Executor, { day, now, deadlineMs }: CheckLedgerBankOptions): Promise<Finding[]> {
  const payins = rowsOf<{ id: string; orderNo: string; expected: string; completedAt: Date | string; notificationId: string | null; notified: string | null }>(
    await db.execute(sql`
      select p.id, p.order_no as "orderNo", coalesce(p.payment_fiat_amount, p.fiat_amount)::text as expected, p.completed_at as "completedAt",
             n.id as "notificationId", n.amount::text as notified
      from payin_orders p
      left join bank_notifications n on n.payin_order_id = p.id and n.match_status in ('released', 'confirmed')
      where p.status = 'COMPLETED' and p.completed_at >= ${day.start.toISOString()}::timestamptz and p.completed_at < ${day.end.toISOString()}::timestamptz`),
  );
  const findings: Finding[] = payins.map((row) => {
    const base = { check: 'ledger_bank' as const, subjectType: 'payin', subjectId: row.id };
    if (row.notificationId === null) {
      const due = new Date(new Date(row.completedAt).getTime() + deadlineMs);
      return { ...base, ...expectedUntil(now, due), reason: 'no_bank_notification', details: { orderNo: row.orderNo, expected: row.expected } };
    }
    const details = { orderNo: row.orderNo, notificationId: row.notificationId, expected: row.expected, notified: row.notified };
    return row.notified !== null && new Dec(row.notified).eq(row.expected)
      ? { ...base, state: 'MATCHED', reason: 'matched', details }
      : { ...base, state: 'MISMATCHED', reason: 'amount_differs', details };
  });

  // Every credit of the day: one that released a pay-in is matched (so a suggestion it was can turn
  // MATCHED); one that released nothing is money no order accounts for.
  const credits = rowsOf<{ id: string; amount: string | null; status: string; receivedAt: Date | string; traderId: string }>(
    await db.execute(sql`
      select n.id, n.amount::text as amount, n.match_status as status, n.received_at as "receivedAt", n.trader_id as "traderId"
      from bank_notifications n
      where n.direction = 'credit'
        and n.received_at >= ${day.start.toISOString()}::timestamptz and n.received_at < ${day.end.toISOString()}::timestamptz`),
  );
  for (const row of credits) {
    const base = { check: 'ledger_bank' as const, subjectType: 'bank_notification', subjectId: row.id, reason: 'notification_without_order' as const };
    const details = { amount: row.amount, matchStatus: row.status, traderId: row.traderId };
    if (row.status === 'released' || row.status === 'confirmed') findings.push({ ...base, state: 'MATCHED', reason: 'matched', details });
    // A suggestion still waits for the trader: it may yet release its pay-in.
    else if (row.status === 'suggested') findings.push({ ...base, ...expectedUntil(now, new Date(new Date(row.receivedAt).getTime() + deadlineMs)), details });
    else findings.push({ ...base, state: 'MISMATCHED', details });
  }
  return findings;
}
