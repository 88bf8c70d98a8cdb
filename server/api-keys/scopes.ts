import { z } from 'zod';

/**
 * What a merchant API key may do (docs/api.md, "API keys and scopes"). Each REST route declares
 * the scopes it needs (app/api/v1/_rest/route-definition.ts) and the adapter refuses a key that
 * lacks one of them with 403 INSUFFICIENT_SCOPE. A key whose scopes are null holds every scope:
 * the keys issued before scopes existed, the operator's and the CLI's, except the scopes that must
 * be granted by name (`wallet:withdraw`: a key that can send money off the platform is never a default).
 *
 * Trader keys have no scopes: the trader API's routes declare none, and the key's kind decides.
 */
export const apiKeyScope = z.enum([
  'payouts:read',
  'payouts:write',
  'payins:read',
  'payins:write',
  'balance:read',
  'events:read',
  'deposits:read',
  'wallet:withdraw',
  'webhooks:manage',
  'keys:manage',
]);

export type ApiKeyScope = z.output<typeof apiKeyScope>;

export const API_KEY_SCOPES: readonly ApiKeyScope[] = apiKeyScope.options;

/** What each scope allows, for the OpenAPI document and docs/api.md. */
export const scopeDescriptions: Record<ApiKeyScope, string> = {
  'payouts:read': 'list and query payouts, list their proofs',
  'payouts:write': 'create payouts, decide on them (confirm or dispute), cancel them',
  'payins:read': 'list and query pay-ins',
  'payins:write': 'create and cancel pay-ins',
  'balance:read': 'read the balance',
  'events:read': 'list and query events',
  'deposits:read': 'your deposit address per chain (made on first request) and your USDT deposits',
  'wallet:withdraw': 'request USDT withdrawals to addresses of your withdrawal book, list them and the book (never add an address). Only a key granted it by name holds it',
  'webhooks:manage': 'your webhook endpoint and its signing secret, the delivery log, resending, the test event',
  'keys:manage': 'list, create and revoke API keys (never with a scope the key lacks itself)',
};

/** Scopes a key holds only when they are granted by name: a full-access key (null) lacks them. */
const EXPLICIT_ONLY: readonly ApiKeyScope[] = ['wallet:withdraw'];

/** The scopes a full-access key (null) holds. */
const FULL_ACCESS_SCOPES: readonly ApiKeyScope[] = API_KEY_SCOPES.filter((scope) => !EXPLICIT_ONLY.includes(scope));

/** The scopes a key holds: null (a full-access key) is every scope but the explicit-only ones. */
export function effectiveScopes(granted: readonly ApiKeyScope[] | null): readonly ApiKeyScope[] {
  return granted ?? FULL_ACCESS_SCOPES;
}

/** The scopes of `required` that `granted` lacks, in the order of `required`. */
export function missingScopes(granted: readonly ApiKeyScope[] | null, required: readonly ApiKeyScope[]): ApiKeyScope[] {
  const held = new Set(effectiveScopes(granted));
  return required.filter((scope) => !held.has(scope));
}

/** A key's scopes as stored (text[], null: every scope); a scope the code no longer knows grants nothing. */
export function storedScopes(stored: readonly string[] | null): ApiKeyScope[] | null {
  return stored === null ? null : stored.filter((scope): scope is ApiKeyScope => apiKeyScope.safeParse(scope).success);
}
