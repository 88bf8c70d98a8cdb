import { IDEMPOTENCY_RETENTION_MS } from '../idempotency/idempotency-key';
import type { IdempotencyScope } from '../idempotency/with-idempotency';

/**
 * What every batched create carries besides its writes (`create_payouts` and `create_payins` read
 * it alike): the merchant, the moment, and the idempotency scope: endpoint, key, SHA-256 of the
 * body, and when the record expires. Without a key (a create inside the caller's transaction)
 * nothing is claimed or stored.
 */
export interface CreateScope {
  merchantId: string;
  endpoint?: string;
  key?: string;
  requestHash?: string;
  expiresAt?: string;
  now: string;
}

/** A create refused before writing: the function still claims its key, so a replay answers as one. */
export type RefusedCreate = CreateScope & { /** Why the create was refused (a DomainError code). */ refusal: string };

/** The scope of an API create, its key kept for the retention period (docs/api.md, "Idempotency"). */
export function createScope(merchantId: string, idempotency: IdempotencyScope, now: Date): Required<CreateScope> {
  return {
    merchantId,
    endpoint: idempotency.endpoint,
    key: idempotency.key,
    requestHash: idempotency.requestHash,
    expiresAt: new Date(now.getTime() + IDEMPOTENCY_RETENTION_MS).toISOString(),
    now: now.toISOString(),
  };
}
