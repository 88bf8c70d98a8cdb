import { hmacSha256Hex, sha256Hex } from '../crypto/tokens';

export interface SignedParts {
  timestamp: string;
  nonce: string;
  method: string;
  /** Exactly as sent on the request line, e.g. `/api/v1/withdrawals?page=2`. */
  pathAndQuery: string;
  body: Uint8Array | string;
}

/** decisions.md section 1: the string a request's X-Signature is computed over. */
export function stringToSign(parts: SignedParts): string {
  return [parts.timestamp, parts.nonce, parts.method.toUpperCase(), parts.pathAndQuery, sha256Hex(parts.body)].join('\n');
}

/** X-Signature: lowercase hex HMAC-SHA256 of the string to sign, keyed with the API secret. */
export function signRequest(secret: string, parts: SignedParts): string {
  return hmacSha256Hex(secret, stringToSign(parts));
}
