import { env } from '../../config/env';
import { randomToken, sha256Hex } from '../crypto/tokens';

/**
 * A checkout link's bearer token: 256 random bits. Only its SHA-256 is stored, so the database
 * alone does not open any checkout page.
 */
export function newCheckoutToken(): { token: string; hash: string } {
  const token = randomToken(32);
  return { token, hash: sha256Hex(token) };
}

export const checkoutTokenHash = (token: string) => sha256Hex(token);

export function payUrlFor(token: string): string {
  return `${env().PUBLIC_BASE_URL.replace(/\/$/, '')}/pay/${token}`;
}
