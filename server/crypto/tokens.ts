import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random base64url token; 32 bytes (256 bits) by default, never fewer than 16 (128 bits). */
export function randomToken(bytes = 32): string {
  if (bytes < 16) throw new Error('tokens carry at least 128 bits');
  return randomBytes(bytes).toString('base64url');
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

export function hmacSha256Hex(key: string | Uint8Array, message: string | Uint8Array): string {
  return createHmac('sha256', key).update(message).digest('hex');
}

/**
 * Constant-time string comparison. Both sides are hashed first, so inputs of different lengths
 * compare in the same time and never throw.
 */
export function timingSafeEqualString(a: string, b: string): boolean {
  const left = createHash('sha256').update(a, 'utf8').digest();
  const right = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(left, right) && a.length === b.length;
}
