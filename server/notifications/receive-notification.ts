import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { bankNotifications, traderBankAccounts } from '../../db/schema';
import { keyring } from '../config/keyring';
import { encryptField } from '../crypto/encryption';
import { sha256Hex } from '../crypto/tokens';
import { DomainError } from '../errors';
import { parseInput } from '../validation/parse-input';
import { lockAccount } from './lock-account';
import { matchNotification } from './match-notification';
import { notificationInput, NOTIFICATION_RETENTION_MS, RECEIVED_AT_FUTURE_MS } from './notification.schema';
import { notificationReleasesTotal, notificationsTotal } from '../metrics/notification-metrics';
import { notificationView } from './notification-view';
import { parseNotification } from './parsers/parse-notification';

export interface ReceiveNotificationOptions {
  traderId: string;
  input: unknown;
  now?: Date;
}

/**
 * A bank SMS or app notification from the trader's forwarder (docs/api.md, "Bank notifications"):
 * stored encrypted (text, payer name, memo: purpose card), once per sender and text (a second
 * forward answers the first one's result and does nothing), read by the templates and matched
 * (match-notification.ts), all in one transaction holding the account's row. Any notification is
 * also a sign of life of the account's listener.
 */
export async function receiveNotification(db: Db, options: ReceiveNotificationOptions) {
  const input = parseInput(notificationInput, options.input);
  const now = options.now ?? new Date();
  const receivedAt = new Date(input.receivedAt);
  if (receivedAt.getTime() > now.getTime() + RECEIVED_AT_FUTURE_MS || receivedAt.getTime() < now.getTime() - NOTIFICATION_RETENTION_MS) {
    throw new DomainError('VALIDATION_FAILED', 'The request is not valid.', {
      details: [{ path: 'receivedAt', message: 'must be within the last 30 days and not in the future' }],
    });
  }
  const textHash = sha256Hex(`${input.sender}\n${input.text}`);
  const parsed = parseNotification({ sender: input.sender, text: input.text, receivedAt });

  const result = await retryTransaction(db, async (tx) => {
    const account = await lockAccount(tx, options.traderId, input.bankAccountId);
    await tx
      .update(traderBankAccounts)
      .set({ listenerLastSeenAt: sql`greatest(${traderBankAccounts.listenerLastSeenAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(traderBankAccounts.id, account.id));

    const id = randomUUID();
    const seal = (field: string, value: string | null) => (value === null ? null : encryptField(keyring(), 'card', value, { table: 'bank_notifications', id, field }));
    const [inserted] = await tx
      .insert(bankNotifications)
      .values({
        id,
        traderId: options.traderId,
        bankAccountId: account.id,
        sender: input.sender,
        receivedAt,
        rawText: seal('raw_text', input.text) as string,
        textHash,
        parserId: parsed?.parserId ?? null,
        direction: parsed?.direction ?? null,
        amount: parsed?.amount ?? null,
        accountLast4: parsed?.last4 ?? null,
        occurredAt: parsed?.occurredAt ?? null,
        payerName: seal('payer_name', parsed?.payerName ?? null),
        memo: seal('memo', parsed?.memo ?? null),
        matchStatus: 'unparsed',
        createdAt: now,
      })
      .onConflictDoNothing({ target: [bankNotifications.traderId, bankNotifications.textHash] })
      .returning();
    if (!inserted) {
      const [existing] = await tx
        .select()
        .from(bankNotifications)
        .where(and(eq(bankNotifications.traderId, options.traderId), eq(bankNotifications.textHash, textHash)));
      if (!existing) throw new Error('a notification conflicted on its hash but is not there');
      return { row: existing, duplicate: true };
    }
    const outcome = await matchNotification(tx, { notificationId: id, account, parsed, receivedAt, now });
    return { row: { ...inserted, matchStatus: outcome.matchStatus, payinOrderId: outcome.payinOrderId, score: outcome.score, scoreSignals: outcome.signals }, duplicate: false };
  });

  notificationsTotal.inc({ result: result.duplicate ? 'duplicate' : result.row.matchStatus });
  if (!result.duplicate && result.row.matchStatus === 'released') notificationReleasesTotal.inc({ how: 'auto', parser: result.row.parserId ?? 'none' });
  return notificationView(result.row, result.duplicate);
}
