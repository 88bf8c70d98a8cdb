import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { decryptField, encryptField } from './encryption';
import { cardFingerprint } from './fingerprint';
import type { KeyPurpose, Keyring } from './keyring';

/**
 * Every encrypted column, with the purpose of its key. The column's name is also the `field` of the
 * ciphertext's address (server/crypto/encryption.ts), so a value opens only in its own row and
 * column. A new encrypted column is added here, or key rotation leaves it on the old key.
 */
export const ENCRYPTED_COLUMNS: ReadonlyArray<{ table: string; column: string; purpose: KeyPurpose }> = [
  { table: 'payout_orders', column: 'recipient_account', purpose: 'card' },
  { table: 'trader_bank_accounts', column: 'account_number', purpose: 'card' },
  { table: 'api_keys', column: 'secret', purpose: 'api-secret' },
  { table: 'merchants', column: 'webhook_secret', purpose: 'webhook-secret' },
  { table: 'merchants', column: 'webhook_previous_secret', purpose: 'webhook-secret' },
  { table: 'users', column: 'totp_secret', purpose: 'totp' },
  { table: 'payin_orders', column: 'payer_name', purpose: 'card' },
  { table: 'bank_notifications', column: 'raw_text', purpose: 'card' },
  { table: 'bank_notifications', column: 'payer_name', purpose: 'card' },
  { table: 'bank_notifications', column: 'memo', purpose: 'card' },
];

const BATCH = 500;

export interface ReencryptReport {
  /** Values moved to the purpose's active key, per table.column. */
  reencrypted: Record<string, number>;
  /** Payout fingerprints recomputed with the active fingerprint key. */
  fingerprints: number;
}

/**
 * The second half of a key rotation (docs/deploy.md): once the new key is listed first and every
 * node runs with it, this moves every value still under an older key to the active one, in
 * batches, each row updated only if it still holds the value read (a concurrent change wins). Then
 * the old key can be removed. Idempotent: run it again and it finds nothing to do.
 */
export async function reencryptFields(db: Db, keys: Keyring, options: { purposes?: KeyPurpose[]; onProgress?: (line: string) => void } = {}): Promise<ReencryptReport> {
  const report: ReencryptReport = { reencrypted: {}, fingerprints: 0 };
  for (const { table, column, purpose } of ENCRYPTED_COLUMNS) {
    if (options.purposes && !options.purposes.includes(purpose)) continue;
    const activeId = keys.active(purpose).id;
    let after = '00000000-0000-0000-0000-000000000000';
    let moved = 0;
    for (;;) {
      const rows = rowsOf<{ id: string; value: string }>(
        await db.execute(sql`
          select id::text as id, ${sql.identifier(column)} as value from ${sql.identifier(table)}
          where ${sql.identifier(column)} is not null and split_part(${sql.identifier(column)}, '.', 2) <> ${activeId} and id > ${after}::uuid
          order by id limit ${BATCH}`),
      );
      if (rows.length === 0) break;
      for (const row of rows) {
        const address = { table, id: row.id, field: column };
        const fresh = encryptField(keys, purpose, decryptField(keys, purpose, row.value, address), address);
        const updated = rowsOf(
          await db.execute(sql`
            update ${sql.identifier(table)} set ${sql.identifier(column)} = ${fresh}
            where id = ${row.id}::uuid and ${sql.identifier(column)} = ${row.value} returning id`),
        );
        moved += updated.length;
      }
      after = rows.at(-1)!.id;
      options.onProgress?.(`${table}.${column}: ${moved} moved to key ${activeId}`);
    }
    report.reencrypted[`${table}.${column}`] = moved;
  }
  if (!options.purposes || options.purposes.includes('card-fingerprint')) report.fingerprints = await refingerprintPayouts(db, keys, options.onProgress);
  return report;
}

/**
 * Fingerprints carry no key id, so after the fingerprint key rotates every payout's is recomputed
 * from its card number; until then, duplicate-recipient checks compare old with new and miss.
 */
async function refingerprintPayouts(db: Db, keys: Keyring, onProgress?: (line: string) => void): Promise<number> {
  let after = '00000000-0000-0000-0000-000000000000';
  let changed = 0;
  for (;;) {
    const rows = rowsOf<{ id: string; account: string; fingerprint: string }>(
      await db.execute(sql`
        select id::text as id, recipient_account as account, recipient_account_fingerprint as fingerprint
        from payout_orders where id > ${after}::uuid order by id limit ${BATCH}`),
    );
    if (rows.length === 0) break;
    for (const row of rows) {
      const digits = decryptField(keys, 'card', row.account, { table: 'payout_orders', id: row.id, field: 'recipient_account' });
      const fingerprint = cardFingerprint(keys, digits);
      if (fingerprint === row.fingerprint) continue;
      await db.execute(sql`update payout_orders set recipient_account_fingerprint = ${fingerprint} where id = ${row.id}::uuid`);
      changed += 1;
    }
    after = rows.at(-1)!.id;
    onProgress?.(`payout_orders.recipient_account_fingerprint: ${changed} recomputed`);
  }
  return changed;
}
