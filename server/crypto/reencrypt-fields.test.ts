import { hkdfSync } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { traderBankAccounts } from '../../db/schema';
import { receiveNotification } from '../notifications/receive-notification';
import { submitBuyerPayment } from '../checkout/checkout';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { apiDatabase, apiMerchant, payinTrader, payoutBody, payoutTrader, type TestMerchant } from '../../tests/api/api-harness';
import type { TestDatabase } from '../../tests/db/test-database';
import { signedInOperator } from '../../tests/trpc/trpc-harness';
import { cliActor } from '../audit';
import { startTotpEnrolment } from '../auth/totp-enrolment';
import { setWebhookEndpoint } from '../webhooks/set-webhook-endpoint';
import { rotateWebhookSecret } from '../webhooks/rotate-webhook-secret';
import { decryptField } from './encryption';
import { generateKeyringText, keyPurposes, parseKeyring } from './keyring';
import { ENCRYPTED_COLUMNS, reencryptFields } from './reencrypt-fields';

let database: TestDatabase;
let merchant: TestMerchant;

// The data below is written under the demo keys (tests run in demo mode); these are the same keys
// as text, to list after the new ones the way an operator rotating off them would.
const demoKeysText = keyPurposes
  .map((purpose) => `${purpose}:demo:${Buffer.from(hkdfSync('sha256', 'corridor-demo-keys-not-secret', 'corridor', purpose, 32)).toString('base64')}`)
  .join(',');
const newKeysText = generateKeyringText(new Date('2026-12-01T00:00:00Z'));

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db);
  await setWebhookEndpoint(database.db, { merchantId: merchant.merchantId, url: 'https://merchant.example/hooks', actor: cliActor, now: new Date(), allowPrivate: true });
  await rotateWebhookSecret({ db: database.db, merchantId: merchant.merchantId, actor: cliActor, input: { overlapSeconds: 24 * 3600 } });
  const seller = await payinTrader(database.db);
  await payoutTrader(database.db);
  // A pay-in with the buyer's name, and a bank notification with a payer and a memo.
  const payin = await merchant.client.createPayin({ merchantOrderNo: 'rotation-payin', fiatAmount: '100.00' });
  if (payin.status !== 201) throw new Error(JSON.stringify(payin.body));
  await submitBuyerPayment(database.db, { token: new URL((payin.body as { payUrl: string }).payUrl).pathname.split('/').pop() ?? '', now: new Date(), payerName: 'Zhang San' });
  const [account] = await database.db.select().from(traderBankAccounts).where(eq(traderBankAccounts.traderId, seller.traderId));
  await receiveNotification(database.db, {
    traderId: seller.traderId,
    input: { bankAccountId: account!.id, sender: '95588', text: '您尾号0001卡11月23日14:05转账收入(张三)1.00元，附言K7QX2M。', receivedAt: new Date().toISOString() },
  });
  const payout = await merchant.client.createPayout(payoutBody() as never, 'rotation-1');
  if (payout.status !== 201) throw new Error(JSON.stringify(payout.body));
  const operator = await signedInOperator(database.db);
  await startTotpEnrolment(database.db, operator.userId);
});
afterAll(async () => {
  await database.close();
});

async function valuesOf(table: string, column: string) {
  return rowsOf<{ id: string; value: string }>(
    await database.db.execute(sql`select id::text as id, ${sql.identifier(column)} as value from ${sql.identifier(table)} where ${sql.identifier(column)} is not null`),
  );
}

describe('key rotation: re-encrypting every field under the new keys', () => {
  it('moves every encrypted column to the active key, so the old keys can be removed', async () => {
    const rotated = parseKeyring(`${newKeysText},${demoKeysText}`);
    const report = await reencryptFields(database.db, rotated);
    for (const { table, column } of ENCRYPTED_COLUMNS) expect(report.reencrypted[`${table}.${column}`], `${table}.${column}`).toBeGreaterThan(0);
    expect(report.fingerprints).toBeGreaterThan(0);

    // The old keys are gone: everything still opens.
    const onlyNew = parseKeyring(newKeysText);
    for (const { table, column, purpose } of ENCRYPTED_COLUMNS) {
      for (const row of await valuesOf(table, column)) {
        expect(row.value.split('.')[1]).toBe(onlyNew.active(purpose).id);
        expect(() => decryptField(onlyNew, purpose, row.value, { table, id: row.id, field: column })).not.toThrow();
      }
    }
  });

  it('finds nothing left to do the second time', async () => {
    const report = await reencryptFields(database.db, parseKeyring(`${newKeysText},${demoKeysText}`));
    expect(Object.values(report.reencrypted).every((count) => count === 0)).toBe(true);
    expect(report.fingerprints).toBe(0);
  });
});
