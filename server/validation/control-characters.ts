import { DomainError } from '../errors';

/**
 * One rule for every text that enters Corridor, whatever the transport (docs/security.md): no NUL
 * and no other C0 control character or DEL. Tab, line feed and carriage return are allowed (notes
 * and reasons have lines); single-line fields refuse them in their own schemas. PostgreSQL cannot
 * store NUL in text at all, so this is also what keeps such input from ever reaching SQL.
 */
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The dotted path of the first string holding a forbidden character, or null. */
export function controlCharacterPath(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return FORBIDDEN.test(value) ? path.join('.') : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    if (FORBIDDEN.test(key)) return [...path, key].join('.');
    const found = controlCharacterPath(child, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}

export function hasControlCharacter(text: string): boolean {
  return FORBIDDEN.test(text);
}

/** Throws VALIDATION_FAILED naming the field when any string in the input holds a control character. */
export function refuseControlCharacters(value: unknown, where = 'body'): void {
  const path = controlCharacterPath(value);
  if (path === null) return;
  throw new DomainError('VALIDATION_FAILED', 'The request is not valid.', {
    details: [{ path: path || where, message: 'must not contain control characters (such as NUL)' }],
  });
}
