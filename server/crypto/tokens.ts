import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const MIN_TOKEN_BYTES = 16;

/**
 * A random base64url token for payUrl tokens, API key ids and secrets, nonces: 32 bytes (256 bits)
 * by default, never fewer than 16 (128 bits), which no one can guess online.
 */
export function randomToken(bytes = 32): string {
  if (!Number.isInteger(bytes) || bytes < MIN_TOKEN_BYTES || bytes > 1024) {
    throw new Error(`a token needs a whole number of bytes from ${MIN_TOKEN_BYTES} (128 bits) to 1024, got ${bytes}`);
  }
  return randomBytes(bytes).toString('base64url');
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

export function hmacSha256Hex(key: string | Uint8Array, message: string | Uint8Array): string {
  return createHmac('sha256', key).update(message).digest('hex');
}

// Comparing MACs of both sides under a per-process random key gives two equal-length buffers for
// timingSafeEqual whatever the inputs' lengths, and the time spent tells an attacker nothing he
// could steer, since he cannot compute the MACs.
const COMPARE_KEY = randomBytes(32);

/** Constant-time string equality; inputs of different lengths return false and never throw. */
export function timingSafeEqualString(a: string, b: string): boolean {
  const left = createHmac('sha256', COMPARE_KEY).update(a, 'utf8').digest();
  const right = createHmac('sha256', COMPARE_KEY).update(b, 'utf8').digest();
  return timingSafeEqual(left, right);
}

const HEX = /^(?:[0-9a-fA-F]{2})+$/;

/**
 * Constant-time equality of hex digests, ignoring case. Empty or malformed hex is never equal to
 * anything: an empty expected MAC is a bug that must not let every request through.
 */
export function timingSafeEqualHex(a: string, b: string): boolean {
  const wellFormed = HEX.test(a) && HEX.test(b);
  const equal = timingSafeEqualString(a.toLowerCase(), b.toLowerCase());
  return wellFormed && equal;
}
