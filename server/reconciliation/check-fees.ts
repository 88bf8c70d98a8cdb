import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { Dec } from '../money/decimal';
import { computePayinAmounts } from '../money/payin-amounts';
import { computePayoutAmounts } from '../money/payout-amounts';
import type { BusinessDay } from './business-day';
import type { Finding } from './finding';

interface FeeRow {
  id: string;
  orderNo: string;
  amount: string;
  fxRate: string;
  feeBps: number;
  stored: string;
}

/**
 * Fees (ledger vs itself, docs/reconciliation.md): every order completed on the day has the fee its
 * own rule gives, recomputed exactly as the create did (docs/amounts.md) from the order's stored
 * amount, locked rate and fee rate: a pay-in from its USDT amount, a payout from its USD amount.
 */
export async function checkFees(db: Executor, day: BusinessDay): Promise<Finding[]> {
  const range = sql`completed_at >= ${day.start.toISOString()}::timestamptz and completed_at < ${day.end.toISOString()}::timestamptz`;
  const payins = rowsOf<FeeRow>(
    await db.execute(sql`select id, order_no as "orderNo", asset_amount::text as amount, fx_rate::text as "fxRate", fee_bps as "feeBps", usd_fee_amount::text as stored
      from payin_orders where status = 'COMPLETED' and ${range}`),
  );
  const payouts = rowsOf<FeeRow>(
    await db.execute(sql`select id, order_no as "orderNo", usd_amount::text as amount, fx_rate::text as "fxRate", fee_bps as "feeBps", usd_fee_amount::text as stored
      from payout_orders where status = 'COMPLETED' and ${range}`),
  );
  return [
    ...payins.map((row) => finding('payin', row, () => computePayinAmounts({ assetAmount: row.amount, rate: row.fxRate, feeBps: row.feeBps }).usdFeeAmount)),
    ...payouts.map((row) =>
      finding('payout', row, () => computePayoutAmounts({ usdAmount: row.amount, rate: row.fxRate, referenceRate: row.fxRate, feeBps: row.feeBps }).usdFeeAmount),
    ),
  ];
}

function finding(subjectType: 'payin' | 'payout', row: FeeRow, rule: () => string): Finding {
  let expected: string | null;
  try {
    expected = rule();
  } catch {
    // Amounts the rule refuses cannot have been created by it.
    expected = null;
  }
  const details = { orderNo: row.orderNo, feeBps: row.feeBps, stored: row.stored, expected };
  const same = expected !== null && new Dec(expected).eq(row.stored);
  return { check: 'ledger_self', subjectType, subjectId: row.id, state: same ? 'MATCHED' : 'MISMATCHED', reason: same ? 'matched' : 'fee_differs', details };
}
