import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid, bigint } from 'drizzle-orm/pg-core';
import { createdAt, id, instant } from './columns';

/** journal: the day's postings; settlement_json / settlement_csv: one merchant's signed settlement report. */
export type ReportFileKind = 'journal' | 'settlement_json' | 'settlement_csv';
/** Where the operator asked for the files: a directory, or an HTTPS endpoint signed like webhooks. */
export type ReportDeliveryTarget = 'dir' | 'https';
export type ReportDeliveryStatus = 'pending' | 'delivered' | 'failed';

/**
 * The scheduled delivery of a closed day's reports (docs/reconciliation.md, "Scheduled delivery"):
 * one row per file and place, written when the day is planned, delivered once (the unique key) and
 * retried with backoff until it is, or until its attempts run out. `leasedUntil` keeps two
 * scheduler nodes from sending one file at the same time.
 */
export const reportDeliveries = pgTable(
  'report_deliveries',
  {
    id: id(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    kind: text('kind').$type<ReportFileKind>().notNull(),
    merchantId: uuid('merchant_id'),
    target: text('target').$type<ReportDeliveryTarget>().notNull(),
    status: text('status').$type<ReportDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    leasedUntil: instant('leased_until'),
    /** A fixed reason (never a path, URL or reply body): what the operators' view shows. */
    lastError: text('last_error'),
    sha256: text('sha256'),
    bytes: bigint('bytes', { mode: 'number' }),
    deliveredAt: instant('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('report_deliveries_file_key').on(t.businessDate, t.kind, sql`coalesce(${t.merchantId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.target),
    index('report_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check('report_deliveries_kind_check', sql`${t.kind} in ('journal', 'settlement_json', 'settlement_csv')`),
    check('report_deliveries_target_check', sql`${t.target} in ('dir', 'https')`),
    check('report_deliveries_status_check', sql`${t.status} in ('pending', 'delivered', 'failed')`),
    check('report_deliveries_merchant_check', sql`(${t.kind} = 'journal') = (${t.merchantId} is null)`),
  ],
);
