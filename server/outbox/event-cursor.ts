import { z } from 'zod';
import { instantInRange } from '../validation/instant';

/**
 * Where a page of events ended: the last event's (created_at, id), the order the list walks in.
 * Sent to the merchant as opaque base64url JSON, so the encoding can change without breaking the
 * contract "pass back nextCursor as startingAfter" (docs/api.md, "List events"). A cursor names
 * only a position, never a merchant: the list is always limited to the caller's events, so a
 * cursor forged or taken from another merchant reveals nothing.
 */
export interface EventCursor {
  /** created_at as PostgreSQL keeps it, to the microsecond, in UTC. */
  createdAt: string;
  id: string;
}

const EVENT_ID = /^evt_[0-9a-f]{32}$/;
const MICROSECOND_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeEventCursor(cursor: EventCursor): string {
  return Buffer.from(JSON.stringify({ t: cursor.createdAt, i: cursor.id }), 'utf8').toString('base64url');
}

/** The cursor a merchant sent back, or undefined when it is not one this API made. */
function decodeEventCursor(text: string): EventCursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Object.keys(value).length !== 2) return undefined;
  const { t, i } = value as { t?: unknown; i?: unknown };
  if (typeof t !== 'string' || typeof i !== 'string' || !MICROSECOND_INSTANT.test(t) || !EVENT_ID.test(i)) return undefined;
  // A well-formed string that is no real instant (month 13) or one the database cannot store (year
  // 0000) would be a database error, not a 400: cursors obey the dates' one range (server/validation/instant.ts).
  if (!instantInRange(t)) return undefined;
  return { createdAt: t, id: i };
}

/** The `startingAfter` query parameter: a cursor from an earlier page, else VALIDATION_FAILED. */
export const eventCursorQuery = z.string().transform((text, context) => {
  const cursor = decodeEventCursor(text);
  if (cursor) return cursor;
  context.addIssue({ code: 'custom', message: 'must be a nextCursor from an earlier page' });
  return z.NEVER;
});
