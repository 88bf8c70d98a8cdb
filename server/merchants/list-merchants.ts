import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { apiKeys, ledgerAccounts, merchants } from '../../db/schema';
import { fmt6, isoMs, isoMsOrNull } from '../money/format';


/** Every merchant with its settings, balances and API keys (public ids only), for the console. */
export async function listMerchants(db: Executor) {
  const rows = await db.select().from(merchants).orderBy(asc(merchants.createdAt), asc(merchants.id));
  const balances = await db
    .select({ ownerId: ledgerAccounts.ownerId, kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.ownerType, 'merchant'));
  const keys = await db
    .select({ keyId: apiKeys.keyId, merchantId: apiKeys.merchantId, label: apiKeys.label, createdAt: apiKeys.createdAt, revokedAt: apiKeys.revokedAt, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .where(sql`${apiKeys.merchantId} is not null`)
    .orderBy(asc(apiKeys.createdAt));
  const balanceOf = (merchantId: string, kind: string) =>
    fmt6(balances.find((row) => row.ownerId === merchantId && row.kind === kind)?.balance ?? '0');
  return rows.map((m) => ({
    id: m.id,
    name: m.name,
    status: m.status,
    payoutFeeBps: m.payoutFeeBps,
    payinFeeBps: m.payinFeeBps,
    payinExpirySeconds: m.payinExpirySeconds,
    payoutMatchSeconds: m.payoutMatchSeconds,
    payoutPaymentSeconds: m.payoutPaymentSeconds,
    payoutMerchantActionSeconds: m.payoutMerchantActionSeconds,
    webhookUrl: m.webhookUrl,
    webhookDisabledAt: isoMsOrNull(m.webhookDisabledAt),
    balances: { available: balanceOf(m.id, 'available'), frozen: balanceOf(m.id, 'frozen') },
    apiKeys: keys
      .filter((key) => key.merchantId === m.id)
      .map((key) => ({ keyId: key.keyId, label: key.label, createdAt: isoMs(key.createdAt), revokedAt: isoMsOrNull(key.revokedAt), lastUsedAt: isoMsOrNull(key.lastUsedAt) })),
    createdAt: isoMs(m.createdAt),
  }));
}
