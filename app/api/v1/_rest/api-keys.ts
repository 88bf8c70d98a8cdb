import { z } from 'zod';
import { apiKeyCreatedResponse, apiKeyIdParam, apiKeyListResponse, apiKeyView, createApiKeyInput } from '../../../../server/api-keys/api-key.schema';
import { issueMerchantApiKey } from '../../../../server/api-keys/issue-merchant-api-key';
import { listMerchantApiKeys } from '../../../../server/api-keys/list-merchant-api-keys';
import { revokeMerchantApiKey } from '../../../../server/api-keys/revoke-merchant-api-key';
import type { AuditActorRef } from '../../../../server/audit';
import type { RestContext } from './context';
import { defineRoute } from './route-definition';

/** The audit log's actor for a key's own actions: the API key (its public id) and the client's address. */
function keyActor({ principal, clientAddress }: RestContext): AuditActorRef {
  // The key routes are keyed routes: the adapter verified the key before they ran (handler.ts).
  if (!principal) throw new Error('a keyed route ran without a verified key');
  return { type: 'merchant', id: principal.keyId, ip: clientAddress };
}

/** GET /api/v1/api-keys (docs/api.md, "List your API keys"). */
export const listApiKeys = defineRoute({
  operationId: 'listApiKeys',
  method: 'GET',
  path: 'api-keys',
  auth: 'merchant',
  scopes: ['keys:manage'],
  tag: 'API keys',
  summary: 'List your API keys',
  description: 'Every key of yours, revoked and expired ones included, newest first; never a secret.',
  query: z.object({}).strict(),
  success: { status: 200, schema: apiKeyListResponse, description: 'Your keys' },
  errors: [],
  handle: async ({ merchant, db }) => ({ body: await listMerchantApiKeys(db, { merchantId: merchant.id }) }),
});

/** POST /api/v1/api-keys (docs/api.md, "Create an API key"). */
export const createApiKey = defineRoute({
  operationId: 'createApiKey',
  method: 'POST',
  path: 'api-keys',
  auth: 'merchant',
  scopes: ['keys:manage'],
  tag: 'API keys',
  summary: 'Create an API key',
  description:
    'A new key with the scopes given (only scopes the calling key holds: INSUFFICIENT_SCOPE otherwise), an optional expiry and IP allowlist. It is no broader than the calling key: when that key expires, the new key needs an expiry no later; when that key has an IP allowlist, the new key needs one whose every range lies inside one of its ranges (VALIDATION_FAILED naming the field otherwise). The secret is in this answer only. Not idempotent: a retry makes another key.',
  body: {
    kind: 'json',
    schema: createApiKeyInput,
    example: { label: 'reporting job', scopes: ['payouts:read', 'balance:read'], expiresAt: '2027-06-30T00:00:00Z', ipAllowlist: ['203.0.113.0/24'] },
  },
  success: {
    status: 201,
    schema: apiKeyCreatedResponse,
    description: 'Created: the secret is shown this once',
    example: {
      keyId: 'mk_3f9a0c1b2d4e5f60718293a4b5c6d7e8',
      secret: 'sk_0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f',
      label: 'reporting job',
      scopes: ['payouts:read', 'balance:read'],
      createdAt: '2026-11-23T08:00:00.000Z',
      expiresAt: '2027-06-30T00:00:00.000Z',
      ipAllowlist: ['203.0.113.0/24'],
      lastUsedAt: null,
      revokedAt: null,
    },
  },
  errors: ['INSUFFICIENT_SCOPE'],
  handle: async (context) => {
    const { merchant, json: input, db, now } = context;
    const actor = keyActor(context);
    const issued = await issueMerchantApiKey(db, { ...input, merchantId: merchant.id, actor, context: { grantor: { kind: 'key', apiKeyId: context.principal!.apiKeyId }, now } });
    return { body: { ...issued.view, secret: issued.secret } };
  },
});

/** POST /api/v1/api-keys/:keyId/revoke (docs/api.md, "Revoke an API key"). */
export const revokeApiKeyRoute = defineRoute({
  operationId: 'revokeApiKey',
  method: 'POST',
  path: 'api-keys/:keyId/revoke',
  auth: 'merchant',
  scopes: ['keys:manage'],
  tag: 'API keys',
  summary: 'Revoke an API key',
  description:
    'Requests signed with the key answer 401 INVALID_API_KEY from then on. Only a key holding every scope of the revoked one may revoke it (INSUFFICIENT_SCOPE otherwise). Revoking a revoked key answers it again, unchanged. Another merchant\'s key is NOT_FOUND.',
  params: z.object({ keyId: apiKeyIdParam }),
  success: { status: 200, schema: apiKeyView, description: 'The key, revoked' },
  errors: ['NOT_FOUND', 'INSUFFICIENT_SCOPE'],
  handle: async (context) => {
    const { merchant, params, db, now } = context;
    const actor = keyActor(context);
    return { body: await revokeMerchantApiKey(db, { merchantId: merchant.id, keyId: params.keyId, grantorScopes: context.principal!.scopes, now }, actor) };
  },
});
