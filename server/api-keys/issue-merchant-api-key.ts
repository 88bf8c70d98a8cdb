import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { merchants } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { DomainError } from '../errors';
import { parseInput } from '../validation/parse-input';
import { issueApiKey, type IssuedApiKey } from './issue-api-key';

export const issueMerchantApiKeyInput = z.object({ merchantId: z.uuid(), label: z.string().trim().max(100).default('') }).strict();

/** An operator issues a merchant another API key; the secret is in the result only, shown once. Audited (never the secret). */
export async function issueMerchantApiKey(db: Db, rawInput: z.input<typeof issueMerchantApiKeyInput>, actor: AuditActorRef): Promise<IssuedApiKey> {
  const input = parseInput(issueMerchantApiKeyInput, rawInput);
  return db.transaction(async (tx) => {
    const [merchant] = await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, input.merchantId));
    if (!merchant) throw new DomainError('NOT_FOUND', 'No such merchant.');
    const key = await issueApiKey(tx, { merchantId: input.merchantId }, { label: input.label });
    await recordAudit(tx, { actorType: actor.type, actorId: actor.id, ip: actor.ip, action: 'apikey.issue', targetType: 'merchant', targetId: input.merchantId, details: { keyId: key.keyId, label: input.label } });
    return key;
  });
}
