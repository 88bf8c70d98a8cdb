import type { apiKeys } from '../../db/schema';
import { isoMs, isoMsOrNull } from '../money/format';
import type { ApiKeyView } from './api-key.schema';
import type { ApiKeyScope } from './scopes';

/** A key row as docs/api.md shows it: never the secret, not even its ciphertext. */
export function apiKeyViewOf(row: typeof apiKeys.$inferSelect): ApiKeyView {
  return {
    keyId: row.keyId,
    label: row.label,
    scopes: row.scopes === null ? null : (row.scopes as ApiKeyScope[]),
    createdAt: isoMs(row.createdAt),
    expiresAt: isoMsOrNull(row.expiresAt),
    ipAllowlist: row.ipAllowlist,
    lastUsedAt: isoMsOrNull(row.lastUsedAt),
    revokedAt: isoMsOrNull(row.revokedAt),
  };
}
