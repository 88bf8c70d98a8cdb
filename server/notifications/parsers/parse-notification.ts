import type { NotificationDirection } from '../../../db/schema/bank-notifications';
import { dec } from '../../money/decimal';
import type { NotificationTemplate } from './template';
import { notificationTemplates } from './templates';

export interface ParsedNotification {
  parserId: string;
  direction: NotificationDirection;
  /** Two decimals, separators dropped. */
  amount: string;
  last4: string | null;
  /** When the bank says it happened; null when the text has no time (wallet apps). */
  occurredAt: Date | null;
  payerName: string | null;
  memo: string | null;
}

export interface ParseNotificationOptions {
  sender: string;
  text: string;
  /** When the forwarder received it: the year of a time without one, in China time. */
  receivedAt: Date;
  templates?: readonly NotificationTemplate[];
}

/** China Standard Time, the banks' clock: UTC+8, no daylight saving. */
const CHINA_OFFSET_MS = 8 * 3600_000;
const MAX_AMOUNT = '1000000000000';
const AMOUNT = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$/;

/**
 * Reads a bank SMS or app notification with the templates whose sender patterns match; null when
 * none reads it. Nothing is guessed: a text no pattern matches in full (amount and direction at
 * least) stays unparsed, and the trader sees it as it came (docs/trader-guide.md).
 */
export function parseNotification(options: ParseNotificationOptions): ParsedNotification | null {
  const sender = options.sender.trim();
  const text = options.text.replace(/\s+/g, (space) => (space.includes('\n') ? ' ' : space)).trim();
  for (const template of options.templates ?? notificationTemplates) {
    if (!template.senders.some((pattern) => pattern.test(sender))) continue;
    for (const pattern of template.patterns) {
      const groups = pattern.regex.exec(text)?.groups;
      if (!groups) continue;
      const parsed = fromGroups(template.id, groups, pattern.direction, options.receivedAt);
      if (parsed) return parsed;
    }
  }
  return null;
}

function fromGroups(
  parserId: string,
  groups: Record<string, string | undefined>,
  direction: NotificationDirection | Readonly<Record<string, NotificationDirection>>,
  receivedAt: Date,
): ParsedNotification | null {
  const amountText = groups.amount;
  if (!amountText || !AMOUNT.test(amountText)) return null;
  const amount = dec(amountText.replaceAll(',', ''));
  // Nothing a pay-in can be, and more than the amount column holds: not a credit to read.
  if (amount.lte(0) || amount.gte(MAX_AMOUNT)) return null;
  const resolved = typeof direction === 'string' ? direction : direction[groups.direction ?? ''];
  if (!resolved) return null;
  return {
    parserId,
    direction: resolved,
    amount: amount.toFixed(2),
    last4: groups.last4 && /^\d{4}$/.test(groups.last4) ? groups.last4 : null,
    occurredAt: timeOf(groups, receivedAt),
    payerName: cleaned(groups.payer),
    memo: cleaned(groups.memo),
  };
}

function cleaned(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/**
 * The time the text gives, in China time. A year-less date takes the received year; if that puts
 * it more than a day after receipt (a December message received in January), the year before.
 */
function timeOf(groups: Record<string, string | undefined>, receivedAt: Date): Date | null {
  if (!groups.month || !groups.day) return null;
  const month = Number(groups.month);
  const day = Number(groups.day);
  const hour = Number(groups.hour ?? '0');
  const minute = Number(groups.minute ?? '0');
  const second = Number(groups.second ?? '0');
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const at = (year: number) => new Date(Date.UTC(year, month - 1, day, hour, minute, second) - CHINA_OFFSET_MS);
  if (groups.year) {
    const year = Number(groups.year);
    return valid(at(year < 100 ? 2000 + year : year), day);
  }
  const receivedYear = new Date(receivedAt.getTime() + CHINA_OFFSET_MS).getUTCFullYear();
  const sameYear = at(receivedYear);
  const candidate = sameYear.getTime() > receivedAt.getTime() + 86_400_000 ? at(receivedYear - 1) : sameYear;
  return valid(candidate, day);
}

/** Refuses 31 February and the like rather than letting Date roll it into March. */
function valid(date: Date, day: number): Date | null {
  return new Date(date.getTime() + CHINA_OFFSET_MS).getUTCDate() === day ? date : null;
}
