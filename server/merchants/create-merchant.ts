import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { merchants } from '../../db/schema';
import { issueApiKey, type IssuedApiKey } from '../api-keys/issue-api-key';
import { recordAudit, type AuditActorRef } from '../audit';
import { openMerchantAccounts } from '../ledger/open-accounts';
import { env } from '../../config/env';
import { refusePrivateEndpoint } from '../http/refuse-private-endpoint';
import { parseInput } from '../validation/parse-input';
import { encryptWebhookSecret, newWebhookSecret } from '../webhooks/webhook-secret';
import { createMerchantInput, type CreateMerchantInput } from './merchant-settings.schema';

export interface CreatedMerchant {
  merchantId: string;
  name: string;
  apiKey: IssuedApiKey;
  /** The webhook signing secret when an endpoint was given; shown once. */
  webhookSecret: string | null;
}

type CreateMerchantOptions = CreateMerchantInput & {
  actor: AuditActorRef;
  options?: { id?: string; apiKeyPreset?: { keyId: string; secret: string } };
};

/** Creates a merchant with its ledger accounts and a first API key (the secret is shown once). */
export async function createMerchant(
  db: Db,
  { actor, options = {}, ...rawInput }: CreateMerchantOptions,
): Promise<CreatedMerchant> {
  const input = parseInput(createMerchantInput, rawInput);
  // The same SSRF rule as setting the endpoint later (docs/security.md).
  if (input.webhookUrl && !env().webhookAllowPrivate) refusePrivateEndpoint(input.webhookUrl);
  return db.transaction(async (tx) => {
    const merchantId = options.id ?? randomUUID();
    const webhookSecret = input.webhookUrl ? newWebhookSecret() : null;
    await tx.insert(merchants).values({
      id: merchantId,
      name: input.name,
      payoutFeeBps: input.payoutFeeBps,
      payinFeeBps: input.payinFeeBps,
      webhookUrl: input.webhookUrl ?? null,
      webhookSecret: webhookSecret ? encryptWebhookSecret(merchantId, webhookSecret) : null,
    });
    await openMerchantAccounts(tx, merchantId);
    const apiKey = await issueApiKey(tx, { merchantId }, { label: 'first key', preset: options.apiKeyPreset });
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip,
      action: 'merchant.create',
      targetType: 'merchant',
      targetId: merchantId,
      details: { name: input.name, apiKeyId: apiKey.keyId },
    });
    return { merchantId, name: input.name, apiKey, webhookSecret };
  });
}
