import { and, asc, count, desc, eq, gte, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { disputeDeadlines, disputeEvidence, disputeEvidenceRequests, orderTransitions, type DeadlineParty } from '../../db/schema';
import { recordAudit } from '../audit';
import { log } from '../logging/log';
import { isoMs, isoMsOrNull } from '../money/format';
import { orderTableOf, type DisputeFlow, type DisputeRef } from '../orders/order-ref';
import { disputeDeadlineSettingsOf, partyHours, type DisputeDeadlineSettings } from './dispute-deadline-settings';

const HOUR = 3_600_000;
const BATCH = 100;

/** Who opened the dispute that began at `disputedAt`: the actor of the transition into DISPUTED. */
export async function openedByOf(db: Executor, flow: DisputeFlow, orderId: string): Promise<string | null> {
  const [row] = await db
    .select({ actorType: orderTransitions.actorType })
    .from(orderTransitions)
    .where(and(eq(orderTransitions.flow, flow), eq(orderTransitions.orderId, orderId), eq(orderTransitions.toStatus, 'DISPUTED')))
    .orderBy(desc(orderTransitions.createdAt))
    .limit(1);
  return row?.actorType ?? null;
}

/**
 * The parties a dispute waits on (docs/operator-guide.md, "Deadlines"): a payout the merchant
 * disputed waits on the trader; a payout disputed by the merchant's silence waits on the merchant to
 * contest the proof; a pay-in waits on the buyer's payment evidence, and on the trader too when the
 * buyer opened it. The operators always owe a ruling.
 */
export function awaitedParties(flow: DisputeFlow, openedBy: string | null): Exclude<DeadlineParty, 'operator'>[] {
  if (flow === 'payout') return openedBy === 'system' ? ['merchant'] : ['trader'];
  return openedBy === 'buyer' ? ['buyer', 'trader'] : ['buyer'];
}

type CaseRow = { id: string; merchantId: string; traderId: string | null; disputedAt: Date | null; orderNo: string };

/** Writes the answer and ruling deadlines of one dispute (idempotent: the case key ignores a second write). */
async function openCaseDeadlines(tx: Tx, flow: DisputeFlow, order: CaseRow, settings: DisputeDeadlineSettings): Promise<number> {
  if (!order.disputedAt) return 0;
  const startsAt = order.disputedAt;
  const openedBy = await openedByOf(tx, flow, order.id);
  const partyIdOf = { trader: order.traderId, merchant: order.merchantId, buyer: null } as const;
  const rows = [
    ...awaitedParties(flow, openedBy).map((party) => ({ party, partyId: partyIdOf[party], kind: 'answer' as const })),
    { party: 'operator' as const, partyId: null, kind: 'ruling' as const },
  ].map((row) => ({ ...row, flow, orderId: order.id, startsAt, dueAt: new Date(startsAt.getTime() + partyHours(settings, row.party) * HOUR) }));
  const written = await tx.insert(disputeDeadlines).values(rows).onConflictDoNothing().returning();
  // A party may answer before the pass opens its deadline (the pass runs every few seconds): that
  // answer meets the deadline now, or the party would be shown a countdown it has already answered.
  for (const deadline of written) {
    if (deadline.kind !== 'answer') continue;
    const answeredAt = await answeredAtOf(tx, deadline);
    if (answeredAt) await tx.update(disputeDeadlines).set({ metAt: answeredAt }).where(eq(disputeDeadlines.id, deadline.id));
  }
  return written.length;
}

/**
 * The scheduler's pass over deadlines (docs/operator-guide.md, "Deadlines"): every open dispute
 * gets its deadlines (due from its disputedAt, so a late pass never gives anyone more time), and
 * every deadline that has come is settled as met or missed. A miss is recorded on the row, in the
 * audit log and the log, counts in the party's record and escalates the case in the queue.
 */
export async function runDisputeDeadlines(db: Db, now: Date): Promise<{ opened: number; missed: number; met: number }> {
  const settings = await disputeDeadlineSettingsOf(db);
  let opened = 0;
  for (const flow of ['payout', 'payin'] as const) {
    const table = orderTableOf(flow);
    opened += await retryTransaction(db, async (tx) => {
      const orders = await tx
        .select({ id: table.id, merchantId: table.merchantId, traderId: table.traderId, disputedAt: table.disputedAt, orderNo: table.orderNo })
        .from(table)
        .where(
          and(
            eq(table.status, 'DISPUTED'),
            isNotNull(table.disputedAt),
            sql`not exists (select 1 from dispute_deadlines d where d.flow = ${flow} and d.order_id = ${table.id} and d.kind = 'ruling' and d.starts_at = ${table.disputedAt})`,
          ),
        )
        .limit(BATCH)
        // The lock an evidence upload takes: an answer is either committed before the pass reads it
        // or meets the rows the pass wrote. An order being answered now waits for the next pass.
        .for('update', { skipLocked: true });
      let written = 0;
      for (const order of orders) written += await openCaseDeadlines(tx, flow, order, settings);
      return written;
    });
  }
  const settled = await retryTransaction(db, async (tx) => {
    const due = await tx
      .select()
      .from(disputeDeadlines)
      .where(and(isNull(disputeDeadlines.metAt), isNull(disputeDeadlines.missedAt), lte(disputeDeadlines.dueAt, now)))
      .orderBy(asc(disputeDeadlines.dueAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    let missed = 0;
    let met = 0;
    for (const deadline of due) {
      const answeredAt = await answeredAtOf(tx, deadline);
      if (answeredAt) {
        await tx.update(disputeDeadlines).set({ metAt: answeredAt }).where(eq(disputeDeadlines.id, deadline.id));
        met += 1;
        continue;
      }
      await tx.update(disputeDeadlines).set({ missedAt: now }).where(eq(disputeDeadlines.id, deadline.id));
      await recordAudit(tx, {
        actorType: 'system',
        action: 'dispute.deadline_missed',
        targetType: deadline.flow,
        targetId: deadline.orderId,
        details: { deadlineId: deadline.id, party: deadline.party, partyId: deadline.partyId, kind: deadline.kind, requestId: deadline.requestId, dueAt: isoMs(deadline.dueAt) },
      });
      log('warn', 'dispute deadline missed', { flow: deadline.flow, orderId: deadline.orderId, party: deadline.party, kind: deadline.kind });
      missed += 1;
    }
    return { missed, met };
  });
  return { opened, ...settled };
}

/**
 * When the party did what was asked before the deadline, or null: an answer is evidence from the
 * party since the deadline started; an evidence request is met when answered or withdrawn; the
 * ruling deadline when the order left DISPUTED. A dispute that ended before the deadline (ruled,
 * withdrawn) owes nobody anything more.
 */
async function answeredAtOf(tx: Tx, deadline: typeof disputeDeadlines.$inferSelect): Promise<Date | null> {
  const [left] = await tx
    .select({ at: orderTransitions.createdAt })
    .from(orderTransitions)
    .where(and(eq(orderTransitions.flow, deadline.flow), eq(orderTransitions.orderId, deadline.orderId), eq(orderTransitions.fromStatus, 'DISPUTED'), gte(orderTransitions.createdAt, deadline.startsAt)))
    .orderBy(asc(orderTransitions.createdAt))
    .limit(1);
  const endedInTime = left && left.at.getTime() <= deadline.dueAt.getTime() ? left.at : null;
  if (deadline.kind === 'ruling') return endedInTime;
  if (deadline.kind === 'evidence_request' && deadline.requestId) {
    const [request] = await tx.select().from(disputeEvidenceRequests).where(eq(disputeEvidenceRequests.id, deadline.requestId));
    const done = request?.fulfilledAt ?? request?.withdrawnAt ?? null;
    return done && done.getTime() <= deadline.dueAt.getTime() ? done : endedInTime;
  }
  const [answer] = await tx
    .select({ at: disputeEvidence.createdAt })
    .from(disputeEvidence)
    .where(
      and(
        eq(disputeEvidence.flow, deadline.flow),
        eq(disputeEvidence.orderId, deadline.orderId),
        eq(disputeEvidence.party, deadline.party),
        eq(disputeEvidence.internal, false),
        gte(disputeEvidence.createdAt, deadline.startsAt),
        lte(disputeEvidence.createdAt, deadline.dueAt),
      ),
    )
    .orderBy(asc(disputeEvidence.createdAt))
    .limit(1);
  return answer?.at ?? endedInTime;
}

export interface CaseDeadlineView {
  party: DeadlineParty;
  kind: 'answer' | 'evidence_request' | 'ruling';
  requestId: string | null;
  dueAt: string;
  state: 'open' | 'met' | 'missed';
  /** Open and past its due time, not yet settled by the scheduler: shown as overdue. */
  overdue: boolean;
}

/** The deadlines of a case, earliest first, for the operator's case page and the queue. */
export async function listCaseDeadlines(db: Executor, ref: DisputeRef, now = new Date()): Promise<CaseDeadlineView[]> {
  const rows = await db
    .select()
    .from(disputeDeadlines)
    .where(and(eq(disputeDeadlines.flow, ref.flow), eq(disputeDeadlines.orderId, ref.orderId)))
    .orderBy(asc(disputeDeadlines.dueAt), asc(disputeDeadlines.createdAt));
  return rows.map((row) => {
    const state = row.missedAt ? 'missed' : row.metAt ? 'met' : 'open';
    return {
      party: row.party,
      kind: row.kind,
      requestId: row.requestId,
      dueAt: isoMsOrNull(row.dueAt)!,
      state,
      overdue: state === 'missed' || (state === 'open' && row.dueAt.getTime() <= now.getTime()),
    };
  });
}

/** A trader's or a merchant's record of missed dispute deadlines (docs/operator-guide.md, "Deadlines"). */
export async function missedDeadlineCount(db: Executor, party: 'trader' | 'merchant', partyId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(disputeDeadlines)
    .where(and(eq(disputeDeadlines.party, party), eq(disputeDeadlines.partyId, partyId), isNotNull(disputeDeadlines.missedAt)));
  return Number(row?.n ?? 0);
}

/** The open answer deadline a party has on a dispute (shown to it as a countdown), or null. */
export async function openDeadlineFor(db: Executor, ref: DisputeRef, party: Exclude<DeadlineParty, 'operator'>): Promise<string | null> {
  const [row] = await db
    .select({ dueAt: disputeDeadlines.dueAt })
    .from(disputeDeadlines)
    .where(and(eq(disputeDeadlines.flow, ref.flow), eq(disputeDeadlines.orderId, ref.orderId), eq(disputeDeadlines.party, party), eq(disputeDeadlines.kind, 'answer'), isNull(disputeDeadlines.metAt), isNull(disputeDeadlines.missedAt)))
    .orderBy(asc(disputeDeadlines.dueAt))
    .limit(1);
  return row ? isoMs(row.dueAt) : null;
}
