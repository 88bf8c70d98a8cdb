/**
 * Every error code the product can answer with, and its HTTP status. The first block is the
 * merchant API's table, the second the further codes of docs/errors.md (error-table-doc.test.ts
 * holds the doc equal to this). REST and tRPC map a DomainError through this one table.
 */
export const errorCodes = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  IDEMPOTENCY_KEY_REQUIRED: 400,
  AUTH_MISSING: 401,
  INVALID_API_KEY: 401,
  INVALID_SIGNATURE: 401,
  TIMESTAMP_OUT_OF_RANGE: 401,
  NONCE_INVALID: 401,
  NONCE_REPLAYED: 401,
  MERCHANT_DISABLED: 403,
  ORDER_NOT_FOUND: 404,
  NOT_FOUND: 404,
  DUPLICATE_MERCHANT_ORDER_NO: 409,
  INVALID_ORDER_STATE: 409,
  IDEMPOTENCY_KEY_IN_USE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_KEY_REUSED: 422,
  INSUFFICIENT_BALANCE: 422,
  NO_LIQUIDITY: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,

  // Further codes (docs/errors.md).
  METHOD_NOT_ALLOWED: 405,
  ACTION_NOT_ALLOWED: 403,
  TRANSITION_NOT_DUE: 409,
  ACCOUNT_NOT_FOUND: 404,
  CONFLICT: 409,
  INVALID_CREDENTIALS: 401,
  SIGN_IN_THROTTLED: 429,
  TOTP_REQUIRED: 401,
  TOTP_INVALID: 401,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CLAIM_REQUIRED: 409,
  CASE_CLAIMED: 409,
  MALFORMED_REQUEST: 400,
  REQUEST_TIMEOUT: 408,
  HEADERS_TOO_LARGE: 431,
  BATCH_TOO_LARGE: 400,
  SERVER_BUSY: 503,
  BANK_ACCOUNT_NOT_FOUND: 404,
  SUGGESTION_NOT_FOUND: 404,
} as const;

export type ErrorCode = keyof typeof errorCodes;

export function httpStatusOf(code: ErrorCode): number {
  return errorCodes[code];
}
