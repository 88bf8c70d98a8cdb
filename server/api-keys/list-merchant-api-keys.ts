import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { apiKeys } from '../../db/schema';
import type { ApiKeyView } from './api-key.schema';
import { apiKeyViewOf } from './api-key-view';

/** A merchant's API keys, revoked and expired ones included, newest first; never a secret. */
export async function listMerchantApiKeys(db: Executor, options: { merchantId: string }): Promise<{ items: ApiKeyView[] }> {
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.merchantId, options.merchantId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return { items: rows.map(apiKeyViewOf) };
}
