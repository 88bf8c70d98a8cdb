import { z } from 'zod';

const EARLIEST = Date.UTC(1970, 0, 1);
const END = Date.UTC(10000, 0, 1);

/**
 * A point in time in a query (`from`, `to`): an ISO 8601 timestamp with offset, or a date. Only
 * 1970-01-01 to 9999-12-31 is accepted: ISO allows year 0000, which PostgreSQL cannot store, and
 * a date outside any order's life can only be a mistake, so it is a 400, never a database error.
 */
export const instantQuery = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 timestamp, e.g. 2026-11-23T00:00:00Z' })
  .or(z.iso.date({ error: 'must be an ISO 8601 date or timestamp' }))
  .transform((value) => new Date(value))
  .refine((date) => date.getTime() >= EARLIEST && date.getTime() < END, { error: 'must be between 1970-01-01 and 9999-12-31' });

/** The same range for an ISO timestamp kept as text (inputs that are parsed twice, by a page's router and the domain). */
export const instantText = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 timestamp, e.g. 2026-11-23T00:00:00Z' })
  .refine((value) => new Date(value).getTime() >= EARLIEST && new Date(value).getTime() < END, { error: 'must be between 1970-01-01 and 9999-12-31' });
