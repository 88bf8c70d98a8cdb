import { and, eq, inArray, notExists } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bankNotifications, payinOrders, type NotificationMatchStatus, type traderBankAccounts } from '../../db/schema';
import { recordAudit } from '../audit';
import { keyring } from '../config/keyring';
import { decryptField } from '../crypto/encryption';
import { isDomainError } from '../errors';
import { releasePayinWithin } from '../payins/release-payin';
import { ruleReference } from '../risk/enabled-rules';
import { payerNameMismatchRule } from '../risk/payer-name-mismatch';
import type { ParsedNotification } from './parsers/parse-notification';
import { scoreMatch, type MatchScore } from './score-match';

type Account = typeof traderBankAccounts.$inferSelect;

/** The pay-in states a credit can be for (docs/state-machines.md, "Pay-in"): awaiting payment or paid. */
const MATCHABLE_STATUSES = ['PENDING_PAYMENT', 'PAYMENT_SUBMITTED', 'PENDING_RELEASE'] as const;

export interface MatchNotificationOptions {
  notificationId: string;
  /** The account row, locked by the caller: matching on one account runs one at a time. */
  account: Account;
  parsed: ParsedNotification | null;
  receivedAt: Date;
  now: Date;
}

export interface MatchOutcome {
  matchStatus: NotificationMatchStatus;
  payinOrderId: string | null;
  score: number | null;
  /** The score's parts for the pay-in named; null when none is. */
  signals: MatchScore['signals'] | null;
}

/**
 * Matches a stored notification against its account's open pay-ins only, scores each (score-match.ts)
 * and decides: no candidate (or a debit) is ignored; one best candidate at or above the account's
 * threshold, with auto-confirm on and the buyer's "I Have Paid" in, is released through the trader's
 * own release path with the notification as the evidence in the timeline and the audit log,
 * unless it names another payer and a payer-name mismatch rule applies (docs/risk.md); anything
 * else is a suggestion for the trader. Two candidates with the best score are never
 * told apart by chance: the suggestion names no order. Updates the notification row.
 */
export async function matchNotification(tx: Tx, options: MatchNotificationOptions): Promise<MatchOutcome> {
  const outcome = await decide(tx, options);
  await tx
    .update(bankNotifications)
    .set({ matchStatus: outcome.matchStatus, payinOrderId: outcome.payinOrderId, score: outcome.score, scoreSignals: outcome.signals })
    .where(eq(bankNotifications.id, options.notificationId));
  return outcome;
}

async function decide(tx: Tx, options: MatchNotificationOptions): Promise<MatchOutcome> {
  const { parsed, account } = options;
  if (!parsed) return { matchStatus: 'unparsed', payinOrderId: null, score: null, signals: null };
  if (parsed.direction !== 'credit') return { matchStatus: 'ignored', payinOrderId: null, score: null, signals: null };

  const open = await tx
    .select()
    .from(payinOrders)
    .where(
      and(
        eq(payinOrders.traderBankAccountId, account.id),
        inArray(payinOrders.status, [...MATCHABLE_STATUSES]),
        // No earlier notification released this order.
        notExists(
          tx
            .select({ id: bankNotifications.id })
            .from(bankNotifications)
            .where(and(eq(bankNotifications.payinOrderId, payinOrders.id), inArray(bankNotifications.matchStatus, ['released', 'confirmed']))),
        ),
      ),
    );
  const expected = (order: (typeof open)[number]) => order.paymentFiatAmount ?? order.fiatAmount;
  const sameAmount = new Map<string, number>();
  for (const order of open) sameAmount.set(expected(order), (sameAmount.get(expected(order)) ?? 0) + 1);

  const scored: { order: (typeof open)[number]; result: MatchScore }[] = [];
  for (const order of open) {
    const result = scoreMatch({
      credit: { amount: parsed.amount, last4: parsed.last4, at: parsed.occurredAt ?? options.receivedAt, payerName: parsed.payerName, memo: parsed.memo },
      order: {
        expectedAmount: expected(order),
        buyerReference: order.buyerReference,
        payerName: order.payerName ? decryptField(keyring(), 'card', order.payerName, { table: 'payin_orders', id: order.id, field: 'payer_name' }) : null,
        matchedAt: order.matchedAt,
        expiresAt: order.expiresAt,
      },
      accountLast4: account.accountLast4,
      sameAmountCount: sameAmount.get(expected(order)) ?? 1,
    });
    if (result) scored.push({ order, result });
  }
  scored.sort((a, b) => b.result.score - a.result.score || a.order.createdAt.getTime() - b.order.createdAt.getTime());
  const [best, second] = scored;
  if (!best) return { matchStatus: 'ignored', payinOrderId: null, score: null, signals: null };
  if (second && second.result.score === best.result.score) return { matchStatus: 'suggested', payinOrderId: null, score: best.result.score, signals: null };

  const releasable =
    account.autoConfirm &&
    best.result.score >= account.autoConfirmThreshold &&
    best.order.status === 'PAYMENT_SUBMITTED' &&
    !(second && second.result.score >= account.autoConfirmThreshold);
  if (releasable && best.result.signals.payerName === 'differs' && (await withheldByRule(tx, options, best.order))) {
    return { matchStatus: 'suggested', payinOrderId: best.order.id, score: best.result.score, signals: best.result.signals };
  }
  if (releasable && (await release(tx, options, best.order.id, best.result, parsed))) {
    return { matchStatus: 'released', payinOrderId: best.order.id, score: best.result.score, signals: best.result.signals };
  }
  return { matchStatus: 'suggested', payinOrderId: best.order.id, score: best.result.score, signals: best.result.signals };
}

/**
 * A payer-name mismatch rule withholds the automatic release (docs/risk.md, "Conditions"): the
 * notification stays a suggestion for the trader, who checks the payer before confirming by hand.
 * Audited with the rule's reference, never the names.
 */
async function withheldByRule(tx: Tx, options: MatchNotificationOptions, order: { id: string; merchantId: string }): Promise<boolean> {
  const ruleId = await payerNameMismatchRule(tx, order.merchantId);
  if (!ruleId) return false;
  await recordAudit(tx, {
    actorType: 'system',
    action: 'payin.auto_release_withheld',
    targetType: 'payin_order',
    targetId: order.id,
    details: { notificationId: options.notificationId, ruleId, reference: ruleReference(ruleId) },
  });
  return true;
}

/** Releases in a savepoint: a refusal (the order moved meanwhile) leaves a suggestion instead. */
async function release(tx: Tx, options: MatchNotificationOptions, orderId: string, result: MatchScore, parsed: ParsedNotification): Promise<boolean> {
  const signals = Object.entries(result.signals)
    .filter(([, value]) => value === true || value === 'equal')
    .map(([name]) => name)
    .join(', ');
  const note = `Released automatically from bank notification ${options.notificationId} (${parsed.parserId}, score ${result.score}: ${signals}).`;
  try {
    await tx.transaction(async (savepoint) => {
      await releasePayinWithin(savepoint, { traderId: options.account.traderId, orderId, note }, options.now);
      await recordAudit(savepoint, {
        actorType: 'system',
        action: 'payin.auto_released',
        targetType: 'payin_order',
        targetId: orderId,
        details: { notificationId: options.notificationId, bankAccountId: options.account.id, parserId: parsed.parserId, score: result.score, signals: result.signals },
      });
    });
    return true;
  } catch (error) {
    if (isDomainError(error)) return false;
    throw error;
  }
}
