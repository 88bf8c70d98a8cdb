import type { ErrorCode } from './codes';

export interface ErrorDetail {
  path: string;
  message: string;
}

/**
 * The one error type the domain throws on purpose. Transports turn it into a response through
 * the code's status in codes.ts; anything else that escapes is an INTERNAL_ERROR. Messages must
 * never contain a secret or a card number: they are shown to callers as they are.
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetail[] | undefined;
  /** Extra machine-readable facts for the caller, e.g. the order's current status. */
  readonly meta: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: ErrorDetail[]; meta?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DomainError';
    this.code = code;
    this.details = options.details;
    this.meta = options.meta;
  }
}

export function isDomainError(error: unknown, code?: ErrorCode): error is DomainError {
  return error instanceof DomainError && (code === undefined || error.code === code);
}
