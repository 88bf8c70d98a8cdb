import { z } from 'zod';
import { displayedName } from '../validation/displayed-name';
import { instantText } from '../validation/instant';
import { ipAllowlistInput, MAX_ALLOWLIST_ENTRIES } from './ip-allowlist';
import { API_KEY_SCOPES, apiKeyScope } from './scopes';

// docs/api.md, "API keys and scopes": the inputs and views of the key-management endpoints (and
// the operator's issue form, which adds the merchant and may leave the scopes out).

const apiKeyLabel = displayedName(z.string().trim().max(100)).describe('Your name for the key, up to 100 characters.');

/** 1 to 8 distinct scopes; a repeat is dropped. */
const apiKeyScopesInput = z
  .array(apiKeyScope)
  .min(1, { error: 'must name at least one scope' })
  .max(API_KEY_SCOPES.length)
  .transform((scopes) => [...new Set(scopes)])
  .describe('What the key may do (docs/api.md, "API keys and scopes"); only scopes the calling key holds itself.');

const apiKeyExpiresAt = instantText.describe('When the key stops working: an ISO 8601 timestamp with offset, in the future. Leave it out for a key that does not expire.');

const allowlistField = ipAllowlistInput.describe(
  `1 to ${MAX_ALLOWLIST_ENTRIES} CIDR ranges (IPv4 or IPv6; a bare address is its own /32 or /128) the key may be used from. Leave it out to allow any address.`,
);

/** POST /api/v1/api-keys. The label is optional, not defaulted here, so the document marks it optional (an empty one is stored). */
export const createApiKeyInput = z
  .object({
    label: apiKeyLabel.optional(),
    scopes: apiKeyScopesInput,
    expiresAt: apiKeyExpiresAt.optional(),
    ipAllowlist: allowlistField.optional(),
  })
  .strict();

/** An operator (console or CLI) issues a merchant a key: without scopes it has every scope. */
export const issueMerchantApiKeyInput = z
  .object({
    merchantId: z.uuid(),
    label: apiKeyLabel.default(''),
    scopes: apiKeyScopesInput.optional(),
    expiresAt: apiKeyExpiresAt.optional(),
    ipAllowlist: allowlistField.optional(),
  })
  .strict();

/** The public id of a key, in a path (mk_...). */
export const apiKeyIdParam = z
  .string()
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'must be an API key id (mk_...)' })
  .describe('The public id of one of your keys (mk_...).');

const timestamp = z.iso.datetime().describe('ISO 8601 UTC with milliseconds');

/** A key as the list shows it: never its secret. */
export const apiKeyView = z.object({
  keyId: z.string().describe('The public id, sent as X-Api-Key.'),
  label: z.string(),
  scopes: z.array(apiKeyScope).nullable().describe('null: every scope (keys issued before scopes existed, and keys an operator issued without scopes).'),
  createdAt: timestamp,
  expiresAt: timestamp.nullable().describe('null: never expires.'),
  ipAllowlist: z.array(z.string()).nullable().describe('CIDR ranges the key may be used from; null: any address.'),
  lastUsedAt: timestamp.nullable().describe('The last signed request accepted with the key, to within a minute; null: never used.'),
  revokedAt: timestamp.nullable().describe('null: live (unless expired).'),
});

/** POST /api/v1/api-keys answers the key with its secret, the one time it is shown. */
export const apiKeyCreatedResponse = apiKeyView.extend({
  secret: z.string().describe('The API secret, shown this once: only its ciphertext is stored.'),
});

export const apiKeyListResponse = z.object({
  items: z.array(apiKeyView).describe('Every key of yours, revoked and expired ones included, newest first.'),
});

export type ApiKeyView = z.output<typeof apiKeyView>;
