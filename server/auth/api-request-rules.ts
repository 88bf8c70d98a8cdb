/** docs/api.md, "Signing a request": limits of the signed request headers. */
export const TIMESTAMP_TOLERANCE_MS = 300_000;
export const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/** A nonce is remembered this long; older requests fail the timestamp check anyway. */
export const NONCE_RETENTION_MS = 24 * 60 * 60 * 1000;
