import { z } from 'zod';
import type { apiRequestLog } from '../../db/schema';

/** One answered merchant API call as the REST adapter hands it over (never a body, query or header). */
export type ApiRequestRow = Omit<typeof apiRequestLog.$inferInsert, 'id'>;

/** How long rows are kept (docs/merchant-guide.md, "Request log"): a week of recent calls. */
export const API_REQUEST_LOG_RETENTION_MS = 7 * 86_400_000;

const statusClasses = ['2xx', '3xx', '4xx', '5xx'] as const;
export type StatusClass = (typeof statusClasses)[number];

/** The console's request log, a page at a time, newest first, optionally of one status class. */
export const apiRequestPageInput = z
  .object({
    statusClass: z.enum(statusClasses, { error: 'statusClass must be one of 2xx, 3xx, 4xx, 5xx' }).optional(),
    page: z.number().int().min(1, { error: 'page must be a whole number from 1' }).max(10_000).default(1),
    pageSize: z.number().int().min(1).max(100).default(25),
  })
  .strict();
export type ApiRequestPageInput = z.input<typeof apiRequestPageInput>;
