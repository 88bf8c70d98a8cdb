import { hkdfSync } from 'node:crypto';
import { authSecret } from '../config/auth-secret';
import { hmacSha256Hex } from '../crypto/tokens';

/** How long a signed URL opens its resource (docs/api.md, "List a payout's proofs"). */
export const SIGNED_URL_TTL_SECONDS = 300;

/** What a signed URL binds together: who may open it, what it opens, and until when. */
export interface SignedUrlClaims {
  merchantId: string;
  /** The URL's path, e.g. /api/v1/withdrawals/WD.../proofs/<id>: it names the resource. */
  path: string;
  /** Unix seconds. */
  expires: number;
}

let cachedKey: { secret: string; key: Buffer } | undefined;

/**
 * The signing key: derived from AUTH_SECRET with HKDF under its own label, so a signed URL's MAC
 * never equals anything the session signing makes, and no new secret needs configuring. A change
 * of AUTH_SECRET voids the URLs in flight, which live minutes.
 */
function signingKey(): Buffer {
  const secret = authSecret();
  if (cachedKey?.secret !== secret) cachedKey = { secret, key: Buffer.from(hkdfSync('sha256', secret, 'corridor', 'signed-url', 32)) };
  return cachedKey.key;
}

/**
 * The hex HMAC-SHA256 of the claims. The fields are joined by line feeds, which none of them can
 * hold (a UUID, a path of decoded segments without control characters, an integer), so two claims
 * never give the same message.
 */
export function signedUrlMac(claims: SignedUrlClaims): string {
  return hmacSha256Hex(signingKey(), ['corridor-signed-url-v1', claims.merchantId, claims.path, String(claims.expires)].join('\n'));
}
