import { DomainError } from '@/server/errors';

/**
 * A create call names its amount in exactly one currency (docs/amounts.md); both or neither
 * is 400 VALIDATION_FAILED, with the offending field as the detail's path.
 */
export function exactlyOne(a: string | undefined, b: string | undefined, names: readonly [string, string]): void {
  if ((a === undefined) !== (b === undefined)) return;
  const message = a === undefined ? `one of ${names[0]} and ${names[1]} is required` : `give only one of ${names[0]} and ${names[1]}`;
  throw new DomainError('VALIDATION_FAILED', `The request is not valid: ${message}.`, {
    details: [{ path: a === undefined ? names[0] : names[1], message }],
  });
}
