import { env } from '../../config/env';
import { SIGNED_URL_TTL_SECONDS, signedUrlMac } from './signed-url-mac';

/**
 * A URL that lets whoever holds it GET `path` for a few minutes, on behalf of `merchantId`: a
 * browser or an <img> tag can open it without the API's signed headers (docs/api.md, "List a
 * payout's proofs"). It is absolute, under the public address (PUBLIC_BASE_URL), like a payUrl.
 */
export function signUrl(options: { merchantId: string; path: string; now: Date }): { url: string; expiresAt: Date } {
  const expires = Math.floor(options.now.getTime() / 1000) + SIGNED_URL_TTL_SECONDS;
  const signature = signedUrlMac({ merchantId: options.merchantId, path: options.path, expires });
  const query = new URLSearchParams({ merchant: options.merchantId, expires: String(expires), signature });
  return { url: `${env().PUBLIC_BASE_URL.replace(/\/$/, '')}${options.path}?${query.toString()}`, expiresAt: new Date(expires * 1000) };
}
