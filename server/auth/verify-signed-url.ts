import { timingSafeEqualHex } from '../crypto/tokens';
import { DomainError } from '../errors';
import type { SignedUrlQuery } from './signed-url.schema';
import { signedUrlMac } from './signed-url-mac';

/**
 * Checks a signed URL (server/auth/sign-url.ts) and says which merchant it speaks for. The MAC is
 * compared first, in constant time, so a forged or altered URL learns only SIGNED_URL_INVALID,
 * whatever it names; only a genuine URL is told it has expired. Nothing here reads the database:
 * the caller still looks the resource up within the merchant's own orders.
 */
export function verifySignedUrl(options: { path: string; query: SignedUrlQuery; now: Date }): { merchantId: string } {
  const { merchant, expires, signature } = options.query;
  const expected = signedUrlMac({ merchantId: merchant, path: options.path, expires });
  if (!timingSafeEqualHex(signature, expected)) throw new DomainError('SIGNED_URL_INVALID', 'This link is not valid.');
  if (options.now.getTime() >= expires * 1000) throw new DomainError('SIGNED_URL_EXPIRED', 'This link has expired; list the proofs again for a fresh one.');
  return { merchantId: merchant };
}
