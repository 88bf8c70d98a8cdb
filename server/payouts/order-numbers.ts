import { randomInt } from 'node:crypto';

/**
 * Platform order numbers: a prefix, the UTC date, and 12 random digits. Random rather than a
 * sequence so numbers leak no volume; the unique index catches the (negligible) collision.
 */
export function newOrderNo(prefix: 'WD' | 'ORD', now: Date): string {
  const date = now.toISOString().slice(0, 10).replaceAll('-', '');
  const digits = String(randomInt(0, 1_000_000)).padStart(6, '0') + String(randomInt(0, 1_000_000)).padStart(6, '0');
  return `${prefix}${date}${digits}`;
}
