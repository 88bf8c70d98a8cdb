import { z } from 'zod';
import { instantText } from '../validation/instant';

/** How far a forwarder's clock may run ahead, and how old a notification may still be sent. */
export const RECEIVED_AT_FUTURE_MS = 5 * 60_000;
export const NOTIFICATION_RETENTION_MS = 30 * 86_400_000;

const bankAccountId = z.uuid({ error: 'must be the id of one of your bank accounts' }).describe('Which of your bank accounts the message is about.');

/** What a forwarder app or a trader's bot posts (docs/api.md, "Bank notifications"). */
export const notificationInput = z
  .object({
    bankAccountId,
    sender: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[^\r\n\t]+$/, { error: 'must be one line' })
      .meta({ not: { pattern: '^\\s*$' } })
      .describe('The SMS sender (the bank short code, e.g. 95588) or the app (e.g. com.eg.android.AlipayGphone).'),
    text: z.string().trim().min(1).max(2000).meta({ pattern: '\\S' }).describe('The message exactly as the phone showed it.'),
    receivedAt: instantText.describe('When the phone received it (ISO 8601 with offset), within the last 30 days and not in the future.'),
  })
  .strict();

/** A forwarder's sign of life: nothing but the account it listens for. */
export const heartbeatInput = z.object({ bankAccountId }).strict();

const notificationMatchStatuses = ['unparsed', 'ignored', 'suggested', 'released', 'confirmed', 'rejected'] as const;

/** A stored notification as its trader's API sees it: the parsed facts, never the text, payer or memo. */
export const notificationResponse = z
  .object({
    id: z.uuid(),
    bankAccountId: z.uuid(),
    sender: z.string(),
    receivedAt: z.string().describe('ISO 8601, UTC.'),
    duplicate: z.boolean().describe('true when the same sender and text were already stored: nothing was done again.'),
    parserId: z.string().nullable().describe('The template that read it (e.g. icbc); null: unparsed.'),
    direction: z.enum(['credit', 'debit']).nullable(),
    amount: z.string().nullable().describe('CNY, 2 decimals.'),
    accountLast4: z.string().nullable(),
    occurredAt: z.string().nullable().describe('The time the message gives, ISO 8601 UTC.'),
    matchStatus: z.enum(notificationMatchStatuses),
    orderId: z.uuid().nullable().describe('The pay-in it released or is suggested for.'),
    score: z.number().int().min(0).max(100).nullable().describe('The match confidence, 0-100 (docs/trader-guide.md).'),
    signals: z
      .object({
        amount: z.boolean().describe('the amount is exactly the one the pay-in expects'),
        uniqueAmount: z.boolean().describe('no other open pay-in on the account expects this amount'),
        reference: z.boolean().describe("the memo carries the pay-in's buyerReference"),
        payerName: z.enum(['equal', 'differs', 'unknown']).describe('the payer name against the name the buyer gave; unknown when either is missing'),
        inWindow: z.boolean().describe("the credit came within the pay-in's time window"),
        last4: z.boolean().describe("the message names the account's last 4 digits"),
      })
      .strict()
      .nullable()
      .describe('Which signals of the score held for the pay-in named in orderId (docs/trader-guide.md, "The score"); null when no pay-in is named.'),
  })
  .strict();

export const heartbeatResponse = z
  .object({
    bankAccountId: z.uuid(),
    listenerLastSeenAt: z.string().describe('ISO 8601, UTC.'),
    autoConfirm: z.boolean(),
  })
  .strict();

export const notificationFeedInput = z
  .object({
    status: z.enum(notificationMatchStatuses).optional(),
    limit: z.number().int().min(1).max(100).default(50),
  })
  .strict();

export const notificationIdInput = z.object({ notificationId: z.uuid() }).strict();

export const autoConfirmSettingsInput = z
  .object({
    bankAccountId: z.uuid(),
    autoConfirm: z.boolean(),
    threshold: z.number().int().min(50).max(100),
    silenceSeconds: z.number().int().min(60).max(86_400),
  })
  .strict();
