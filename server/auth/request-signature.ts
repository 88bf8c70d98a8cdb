import { hmacSha256Hex } from '../crypto/tokens';

interface SignedHeaderParts {
  timestamp: string;
  nonce: string;
  method: string;
  /** Exactly as sent on the request line, e.g. `/api/v1/withdrawals?page=2`. */
  pathAndQuery: string;
}

/** The parts with the body already hashed: the server hashes a body while it streams in. */
export interface SignedDigestParts extends SignedHeaderParts {
  /** Lowercase hex SHA-256 of the body as sent. */
  bodySha256: string;
}

/** docs/api.md: the string a request's X-Signature is computed over. */
function stringToSignOfDigest(parts: SignedDigestParts): string {
  return [parts.timestamp, parts.nonce, parts.method.toUpperCase(), parts.pathAndQuery, parts.bodySha256].join('\n');
}

/** X-Signature: lowercase hex HMAC-SHA256 of the string to sign, keyed with the API secret. */
export function signRequestDigest(secret: string, parts: SignedDigestParts): string {
  return hmacSha256Hex(secret, stringToSignOfDigest(parts));
}
