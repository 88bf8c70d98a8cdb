import { z } from 'zod';

/**
 * The one parser of the dates and times a request names (docs/api.md, "Dates and times"), for
 * every transport: the API's list filters, the pages' filters and the console's CSV exports.
 * Only 1970-01-01T00:00:00Z up to (not including) 10000-01-01T00:00:00Z is accepted: ISO allows
 * year 0000, which PostgreSQL cannot store, and a date outside any order's life can only be a
 * mistake, so it is a 400 naming the field, never a database error.
 */
const EARLIEST_INSTANT = new Date(Date.UTC(1970, 0, 1));
/** The first instant past the range (year 10000: JavaScript spells it "+010000-...", which PostgreSQL cannot read). */
const END_OF_INSTANTS = new Date(Date.UTC(10000, 0, 1));

const RANGE_ERROR = 'must be between 1970-01-01 and 9999-12-31';

/** Whether a date or timestamp text names an instant in the range (false for no instant at all, e.g. month 13). */
export function instantInRange(value: string): boolean {
  const time = Date.parse(value);
  return time >= EARLIEST_INSTANT.getTime() && time < END_OF_INSTANTS.getTime();
}

const timestamp = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 timestamp, e.g. 2026-11-23T00:00:00Z' });
const date = z.iso.date({ error: 'must be an ISO 8601 date or timestamp' });

/** An ISO timestamp with offset, kept as text (inputs parsed twice, by a page's router and the domain). */
export const instantText = timestamp.refine(instantInRange, { error: RANGE_ERROR });

/** A date (a UTC day, e.g. 2026-11-23) or an ISO timestamp with offset, kept as text. */
export const dayOrInstantText = timestamp.or(date).refine(instantInRange, { error: RANGE_ERROR });

/** A point in time in a query (`from`, `to`): a date (its UTC midnight) or a timestamp, as a Date. */
export const instantQuery = dayOrInstantText.transform((value) => new Date(value));
