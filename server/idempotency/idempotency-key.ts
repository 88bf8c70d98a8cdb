import { DomainError } from '../errors';

/** docs/api.md, "Idempotency": 1 to 255 printable ASCII characters. */
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

export function checkIdempotencyKey(key: string): string {
  if (!KEY_PATTERN.test(key)) {
    throw new DomainError('VALIDATION_FAILED', 'Idempotency-Key must be 1 to 255 printable ASCII characters.', {
      details: [{ path: 'Idempotency-Key', message: 'must be 1 to 255 printable ASCII characters' }],
    });
  }
  return key;
}
