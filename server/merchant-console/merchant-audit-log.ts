import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf, type Executor } from '../../db/client';
import { isoMs } from '../money/format';
import { parseInput } from '../validation/parse-input';

export const merchantAuditPageInput = z
  .object({
    page: z.number().int().min(1, { error: 'page must be a whole number from 1' }).max(10_000).default(1),
    pageSize: z.number().int().min(1).max(100).default(25),
  })
  .strict();
export type MerchantAuditPageInput = z.input<typeof merchantAuditPageInput>;

/**
 * What of an order's audit rows a merchant sees: its own cancels, decisions and evidence, and the
 * operators' cancels and rulings. Operators' claims and internal steps stay in the operator's log.
 */
const ORDER_ACTIONS = [
  'payout.merchant_cancel',
  'payin.merchant_cancel',
  'payout.merchant_confirm',
  'payout.merchant_dispute',
  'payout.cancel',
  'dispute.resolve_release',
  'dispute.resolve_refund',
  'dispute.resolve_complete',
  'dispute.resolve_fail',
];

/** Who did it, as the merchant may know them: its own people by name, Corridor's staff never by name. */
export type MerchantAuditActor =
  | { kind: 'user'; name: string; email: string }
  | { kind: 'api' }
  | { kind: 'operator' }
  | { kind: 'system' };

export type MerchantAuditTarget =
  | { kind: 'order'; flow: 'payout' | 'payin'; orderNo: string }
  | { kind: 'user'; name: string; email: string }
  | { kind: 'merchant' };

interface Row {
  id: number;
  created_at: Date | string;
  actor_type: string;
  actor_id: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown> | null;
  actor_name: string | null;
  actor_email: string | null;
  target_name: string | null;
  target_email: string | null;
  order_no: string | null;
}

/**
 * The merchant's own audit log for the console (docs/merchant-guide.md, "The audit log"), newest
 * first: rows whose target is the merchant (keys, webhooks, invitations, settings), one of its
 * users (roles, removals, sign-ins) or one of its orders (ORDER_ACTIONS). The audit table has no
 * merchant column, so each row is tied to the merchant through its target; nothing of another
 * merchant can match. Actors are named only when they are this merchant's own users.
 */
export async function merchantAuditLog(db: Executor, merchantId: string, rawInput: MerchantAuditPageInput) {
  const input = parseInput(merchantAuditPageInput, rawInput);
  const actions = sql.join(
    ORDER_ACTIONS.map((action) => sql`${action}`),
    sql`, `,
  );
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select a.id, a.created_at, a.actor_type, a.actor_id, a.action, a.target_type, a.target_id, a.details,
             au.display_name as actor_name, au.email as actor_email,
             tu.display_name as target_name, tu.email as target_email,
             coalesce(po.order_no, pi.order_no) as order_no
        from audit_log a
        left join users au on a.actor_type = 'merchant' and au.id::text = a.actor_id and au.merchant_id = ${merchantId}::uuid
        left join users tu on a.target_type = 'user' and tu.id::text = a.target_id and tu.merchant_id = ${merchantId}::uuid
        left join payout_orders po on a.target_type = 'payout' and po.id::text = a.target_id and po.merchant_id = ${merchantId}::uuid
        left join payin_orders pi on a.target_type = 'payin' and pi.id::text = a.target_id and pi.merchant_id = ${merchantId}::uuid
       where (a.target_type = 'merchant' and a.target_id = ${merchantId})
          or (a.target_type = 'user' and a.target_id in (select id::text from users where merchant_id = ${merchantId}::uuid))
          or (a.target_type = 'payout' and a.action in (${actions})
              and a.target_id in (select id::text from payout_orders where merchant_id = ${merchantId}::uuid))
          or (a.target_type = 'payin' and a.action in (${actions})
              and a.target_id in (select id::text from payin_orders where merchant_id = ${merchantId}::uuid))
          or (a.action = 'dispute.evidence_added' and a.details->>'party' = 'merchant' and a.target_type in ('payout', 'payin')
              and a.target_id in (select id::text from payout_orders where merchant_id = ${merchantId}::uuid
                                  union all select id::text from payin_orders where merchant_id = ${merchantId}::uuid))
       order by a.created_at desc, a.id desc
       limit ${input.pageSize + 1} offset ${(input.page - 1) * input.pageSize}`),
  );
  return {
    items: rows.slice(0, input.pageSize).map((row) => ({
      id: Number(row.id),
      at: isoMs(new Date(row.created_at)),
      action: row.action,
      actor: actorOf(row, merchantId),
      target: targetOf(row),
      details: row.details,
    })),
    page: input.page,
    pageSize: input.pageSize,
    hasMore: rows.length > input.pageSize,
  };
}

function actorOf(row: Row, merchantId: string): MerchantAuditActor {
  if (row.actor_type === 'merchant') {
    if (row.actor_name !== null && row.actor_email !== null) return { kind: 'user', name: row.actor_name, email: row.actor_email };
    // The API's own actions name the merchant itself (the key is in the request log).
    if (row.actor_id === merchantId) return { kind: 'api' };
  }
  if (row.actor_type === 'operator' || row.actor_type === 'cli') return { kind: 'operator' };
  return { kind: 'system' };
}

function targetOf(row: Row): MerchantAuditTarget {
  if ((row.target_type === 'payout' || row.target_type === 'payin') && row.order_no) return { kind: 'order', flow: row.target_type, orderNo: row.order_no };
  if (row.target_type === 'user' && row.target_name !== null && row.target_email !== null) return { kind: 'user', name: row.target_name, email: row.target_email };
  return { kind: 'merchant' };
}
