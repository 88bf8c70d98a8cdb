import { and, asc, eq, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { bankNotifications, disputeAutoRulings, disputeDeadlines, disputeEvidence, disputeRulingProposals, payinOrders, payoutOrders, traderBankAccounts } from '../../db/schema';
import { recordAudit } from '../audit';
import { isoMs } from '../money/format';
import type { DisputeFlow } from '../orders/order-ref';
import { frozenAmountOf } from '../payouts/payout-ledger';
import { applyRuling, type CheckedRuling } from './apply-ruling';
import { clearCaseRule } from './auto-rules';
import { disputeDeadlineSettingsOf, type DisputeDeadlineSettings } from './dispute-deadline-settings';
import { loadDisputeFacts } from './dispute-facts';
import { fourEyesThreshold, needsFourEyes } from './four-eyes-threshold';

const BATCH = 100;
const MINUTE = 60_000;

type LockedOrder = { id: string; status: string; orderNo: string; disputedAt: Date | null; total: string };

async function lockOrder(tx: Tx, flow: DisputeFlow, orderId: string): Promise<LockedOrder | undefined> {
  if (flow === 'payout') {
    const [row] = await tx.select().from(payoutOrders).where(eq(payoutOrders.id, orderId)).for('update');
    return row && { id: row.id, status: row.status, orderNo: row.orderNo, disputedAt: row.disputedAt, total: frozenAmountOf(row) };
  }
  const [row] = await tx.select().from(payinOrders).where(eq(payinOrders.id, orderId)).for('update');
  return row && { id: row.id, status: row.status, orderNo: row.orderNo, disputedAt: row.disputedAt, total: row.assetAmount };
}

/**
 * The scheduler's pass over automatic rulings (docs/operator-guide.md, "Automatic rulings"): every
 * open dispute a rule settles gets a pending ruling, shown in the case with a stop action for the
 * settings' window; every pending ruling whose window has passed is applied through the ruling
 * path, or proposed for a second operator above the four-eyes threshold.
 */
export async function runAutoRulings(db: Db, now: Date): Promise<{ scheduled: number; applied: number; proposed: number; superseded: number }> {
  const settings = await disputeDeadlineSettingsOf(db);
  const scheduled = settings.autoRulings ? await scheduleAutoRulings(db, now, settings) : 0;
  const due = await db
    .select({ id: disputeAutoRulings.id })
    .from(disputeAutoRulings)
    .where(and(eq(disputeAutoRulings.status, 'pending'), lte(disputeAutoRulings.applyAt, now)))
    .orderBy(asc(disputeAutoRulings.applyAt))
    .limit(BATCH);
  const counts = { scheduled, applied: 0, proposed: 0, superseded: 0 };
  for (const { id } of due) {
    const outcome = await applyAutoRuling(db, id, now, settings);
    if (outcome !== 'skipped') counts[outcome] += 1;
  }
  return counts;
}

/**
 * The rules' preconditions in SQL (clearCaseRule stays the judge): a dispute whose awaited party's
 * answer is due without a word from it (for a pay-in: the buyer, with no bank notification at all),
 * or a pay-in with a notification that scored at or above its account's threshold. Only those are
 * read each pass, so open disputes that wait on a person never crowd the ones a rule settles out of
 * the pass's batch, however many there are.
 */
function ruleMayHold(flow: DisputeFlow, table: typeof payoutOrders | typeof payinOrders, now: Date): SQL {
  const nowParam = sql`${now.toISOString()}::timestamptz`;
  const answerDueInSilence = (party: SQL) => sql`exists (
    select 1 from ${disputeDeadlines} d
    where d.flow = ${flow} and d.order_id = ${table.id} and d.kind = 'answer' and d.starts_at = ${table.disputedAt} and d.due_at <= ${nowParam} and ${party}
      and not exists (
        select 1 from ${disputeEvidence} e
        where e.flow = ${flow} and e.order_id = ${table.id} and e.party = d.party and not e.internal and e.created_at >= ${table.disputedAt}
      )
  )`;
  if (flow === 'payout') return answerDueInSilence(sql`true`);
  return sql`(
    exists (
      select 1 from ${bankNotifications} n join ${traderBankAccounts} a on a.id = n.bank_account_id
      where n.payin_order_id = ${table.id} and n.match_status = 'suggested' and n.score >= a.auto_confirm_threshold
    )
    or (${answerDueInSilence(sql`d.party = 'buyer'`)} and not exists (select 1 from ${bankNotifications} n where n.payin_order_id = ${table.id}))
  )`;
}

/** Finds the open disputes a rule settles now and writes their pending rulings (one per order, never a stopped rule again). */
async function scheduleAutoRulings(db: Db, now: Date, settings: DisputeDeadlineSettings): Promise<number> {
  let written = 0;
  for (const flow of ['payout', 'payin'] as const) {
    const table = flow === 'payout' ? payoutOrders : payinOrders;
    const open = await db
      .select({ id: table.id, disputedAt: table.disputedAt })
      .from(table)
      .where(
        and(
          eq(table.status, 'DISPUTED'),
          isNotNull(table.disputedAt),
          sql`not exists (select 1 from dispute_auto_rulings a where a.flow = ${flow} and a.order_id = ${table.id} and (a.status = 'pending' or a.disputed_at = ${table.disputedAt}))`,
          sql`not exists (select 1 from dispute_ruling_proposals p where p.flow = ${flow} and p.order_id = ${table.id} and p.status = 'pending')`,
          ruleMayHold(flow, table, now),
        ),
      )
      .orderBy(asc(table.disputedAt))
      .limit(BATCH);
    for (const order of open) {
      const decision = clearCaseRule(await loadDisputeFacts(db, { flow, orderId: order.id, disputedAt: order.disputedAt!, settings }), now);
      if (!decision) continue;
      written += await retryTransaction(db, async (tx) => {
        const locked = await lockOrder(tx, flow, order.id);
        if (locked?.status !== 'DISPUTED' || locked.disputedAt?.getTime() !== order.disputedAt!.getTime()) return 0;
        const applyAt = new Date(now.getTime() + settings.autoRulingWindowMinutes * MINUTE);
        const [row] = await tx
          .insert(disputeAutoRulings)
          .values({ flow, orderId: order.id, disputedAt: order.disputedAt!, rule: decision.rule, ruling: decision.ruling, reasonCode: decision.reasonCode, note: decision.note, total: locked.total, applyAt, createdAt: now })
          .onConflictDoNothing()
          .returning({ id: disputeAutoRulings.id });
        if (!row) return 0;
        await recordAudit(tx, {
          actorType: 'system',
          action: 'dispute.auto_ruling_scheduled',
          targetType: flow,
          targetId: order.id,
          details: { orderNo: locked.orderNo, autoRulingId: row.id, rule: decision.rule, ruling: decision.ruling, reasonCode: decision.reasonCode, applyAt: isoMs(applyAt) },
        });
        return 1;
      });
    }
  }
  return written;
}

/**
 * Applies one pending ruling on the locked order: the order row first, as an operator's ruling
 * locks it, so of the two exactly one finds the order DISPUTED. A ruling whose order moved on, whose
 * case an operator took to a proposal, or whose rule no longer holds (the party answered in the
 * window) is superseded, never applied.
 */
async function applyAutoRuling(db: Db, id: string, now: Date, settings: DisputeDeadlineSettings): Promise<'applied' | 'proposed' | 'superseded' | 'skipped'> {
  return retryTransaction(db, async (tx) => {
    const [found] = await tx.select({ flow: disputeAutoRulings.flow, orderId: disputeAutoRulings.orderId }).from(disputeAutoRulings).where(eq(disputeAutoRulings.id, id));
    if (!found) return 'skipped';
    const order = await lockOrder(tx, found.flow, found.orderId);
    const [auto] = await tx.select().from(disputeAutoRulings).where(eq(disputeAutoRulings.id, id)).for('update');
    if (!auto || auto.status !== 'pending' || !order) return 'skipped';

    const supersede = async (why: string) => {
      await tx.update(disputeAutoRulings).set({ status: 'superseded', outcomeNote: why, decidedAt: now }).where(eq(disputeAutoRulings.id, id));
      await recordAudit(tx, { actorType: 'system', action: 'dispute.auto_ruling_superseded', targetType: auto.flow, targetId: auto.orderId, details: { autoRulingId: id, rule: auto.rule, why } });
      return 'superseded' as const;
    };
    if (order.status !== 'DISPUTED' || order.disputedAt?.getTime() !== auto.disputedAt.getTime()) return supersede(`the order is ${order.status}`);
    const [proposal] = await tx
      .select({ id: disputeRulingProposals.id })
      .from(disputeRulingProposals)
      .where(and(eq(disputeRulingProposals.flow, auto.flow), eq(disputeRulingProposals.orderId, auto.orderId), eq(disputeRulingProposals.status, 'pending')));
    if (proposal) return supersede('a proposed ruling waits for a second operator');
    const still = clearCaseRule(await loadDisputeFacts(tx, { flow: auto.flow, orderId: auto.orderId, disputedAt: auto.disputedAt, settings }), now);
    if (still?.rule !== auto.rule) return supersede('the rule no longer holds');

    const ruling = { flow: auto.flow, orderId: auto.orderId, ruling: auto.ruling, reasonCode: auto.reasonCode, splitAmount: null, note: auto.note } as CheckedRuling;
    const threshold = (await fourEyesThreshold(tx)).amount;
    if (needsFourEyes(order.total, threshold)) {
      const [made] = await tx
        .insert(disputeRulingProposals)
        .values({ flow: auto.flow, orderId: auto.orderId, ruling: auto.ruling, reasonCode: auto.reasonCode, splitAmount: null, note: auto.note, fourEyesThreshold: threshold, proposedBy: null, autoRulingId: id, createdAt: now })
        .returning({ id: disputeRulingProposals.id });
      await tx.update(disputeAutoRulings).set({ status: 'proposed', proposalId: made!.id, decidedAt: now }).where(eq(disputeAutoRulings.id, id));
      await recordAudit(tx, {
        actorType: 'system',
        action: 'dispute.propose_ruling',
        targetType: auto.flow,
        targetId: auto.orderId,
        details: { orderNo: order.orderNo, proposalId: made!.id, autoRulingId: id, rule: auto.rule, ruling: auto.ruling, reasonCode: auto.reasonCode, total: order.total, fourEyesThreshold: threshold },
      });
      return 'proposed';
    }
    await applyRuling(tx, { ruling, operator: { rule: auto.rule, autoRulingId: id }, now });
    await tx.update(disputeAutoRulings).set({ status: 'applied', decidedAt: now }).where(eq(disputeAutoRulings.id, id));
    return 'applied';
  });
}
