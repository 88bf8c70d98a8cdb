import { customType, numeric, timestamp, uuid } from 'drizzle-orm/pg-core';

// Shared column shapes, so every table stores money and time the same way.

/** Primary key: UUID made by PostgreSQL (gen_random_uuid is built in since PostgreSQL 13 and in PGlite). */
export const id = () => uuid('id').primaryKey().defaultRandom();

/** Instant in UTC; read back as a Date. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => instant('created_at').notNull().defaultNow();
export const updatedAt = () => instant('updated_at').notNull().defaultNow();

/** CNY or 2-decimal USD amounts; read back as strings, never JS numbers. */
export const money2 = (name: string) => numeric(name, { precision: 20, scale: 2 });
/** USDT at ledger precision (6 decimals). */
export const money6 = (name: string) => numeric(name, { precision: 26, scale: 6 });
/** CNY per 1 USDT, 4 decimals. */
export const rate4 = (name: string) => numeric(name, { precision: 18, scale: 4 });

/** Raw bytes (proof images). postgres returns a Buffer, PGlite a Uint8Array: both are Uint8Array. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});
