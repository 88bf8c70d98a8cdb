import { DomainError } from '../errors';
import { missingScopes, type ApiKeyScope } from './scopes';

/**
 * Refuses a key that lacks any of the scopes an action needs (all of them are needed), with
 * 403 INSUFFICIENT_SCOPE naming the missing ones: they are the caller's own key's, not a secret.
 */
export function requireScopes(options: { granted: readonly ApiKeyScope[] | null; required: readonly ApiKeyScope[] }): void {
  const missing = missingScopes(options.granted, options.required);
  if (missing.length > 0) {
    throw new DomainError('INSUFFICIENT_SCOPE', `This API key lacks the scope${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`);
  }
}
