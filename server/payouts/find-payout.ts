import type { Executor } from '../../db/client';
import { payoutsByReference } from '../../db/statements/payout-reads';
import { DomainError } from '../errors';

/**
 * A merchant's payout by platform orderNo or by merchantOrderNo (docs/api.md, "Query a payout"). Another
 * merchant's order is ORDER_NOT_FOUND, exactly like a missing one (tenant isolation).
 */
export async function findMerchantPayout(db: Executor, merchantId: string, reference: string) {
  const rows = await payoutsByReference(db, { merchantId, reference });
  // A merchantOrderNo equal to another order's orderNo is possible; the platform number wins.
  const order = rows.find((row) => row.orderNo === reference) ?? rows[0];
  if (!order) throw new DomainError('ORDER_NOT_FOUND', 'No payout with this orderNo or merchantOrderNo.');
  return order;
}
