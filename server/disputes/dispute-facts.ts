import { and, eq, gte, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bankNotifications, disputeDeadlines, disputeEvidence, traderBankAccounts } from '../../db/schema';
import type { DisputeFlow } from '../orders/order-ref';
import { answerDueAtFrom, type DisputeFacts } from './auto-rules';
import { openedByOf } from './case-deadlines';
import type { DisputeDeadlineSettings } from './dispute-deadline-settings';

interface LoadDisputeFactsOptions {
  flow: DisputeFlow;
  orderId: string;
  disputedAt: Date;
  settings: DisputeDeadlineSettings;
}

/**
 * The facts the automatic rules read about one open dispute: who opened it, the answer deadlines
 * stored with it (from the settings when the scheduler has not written them yet), the parties'
 * evidence since it began and the bank notifications matched to a pay-in.
 */
export async function loadDisputeFacts(db: Executor, { flow, orderId, disputedAt, settings }: LoadDisputeFactsOptions): Promise<DisputeFacts> {
  const openedBy = await openedByOf(db, flow, orderId);
  const stored = await db
    .select({ party: disputeDeadlines.party, dueAt: disputeDeadlines.dueAt })
    .from(disputeDeadlines)
    .where(and(eq(disputeDeadlines.flow, flow), eq(disputeDeadlines.orderId, orderId), eq(disputeDeadlines.kind, 'answer'), eq(disputeDeadlines.startsAt, disputedAt)));
  const answerDueAt = stored.length > 0 ? Object.fromEntries(stored.map((row) => [row.party, row.dueAt])) : answerDueAtFrom(flow, openedBy, disputedAt, settings);
  const evidence = await db
    .select({ party: disputeEvidence.party, createdAt: disputeEvidence.createdAt })
    .from(disputeEvidence)
    .where(and(eq(disputeEvidence.flow, flow), eq(disputeEvidence.orderId, orderId), eq(disputeEvidence.internal, false), ne(disputeEvidence.party, 'operator'), gte(disputeEvidence.createdAt, disputedAt)));
  const notifications =
    flow === 'payin'
      ? await db
          .select({ score: bankNotifications.score, threshold: traderBankAccounts.autoConfirmThreshold, matchStatus: bankNotifications.matchStatus, createdAt: bankNotifications.createdAt })
          .from(bankNotifications)
          .innerJoin(traderBankAccounts, eq(traderBankAccounts.id, bankNotifications.bankAccountId))
          .where(eq(bankNotifications.payinOrderId, orderId))
      : [];
  return { flow, disputedAt, openedBy, answerDueAt, evidence, notifications };
}
