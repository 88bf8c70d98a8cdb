import { DomainError } from '../errors';

/**
 * One rule for every text that enters Corridor, whatever the transport (docs/security.md, "One
 * text rule"), checked once, on the raw input, before any schema sees it:
 *
 * - no NUL and no other C0 control character or DEL. Tab, line feed and carriage return are
 *   allowed (notes and reasons have lines); single-line fields refuse them in their own schemas.
 *   PostgreSQL cannot store NUL in text at all.
 * - well-formed Unicode: no lone UTF-16 surrogate (JSON's `"\ud800"`). PostgreSQL refuses one in
 *   json, and a driver writing text replaces it with U+FFFD, so two different strings would be
 *   stored as one (two order numbers called duplicates).
 *
 * Both are refused with VALIDATION_FAILED naming the field, so such input never reaches SQL.
 */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const PROBLEMS = [
  { breaks: (text: string) => CONTROL.test(text), message: 'must not contain control characters (such as NUL)' },
  { breaks: (text: string) => !text.isWellFormed(), message: 'must be well-formed Unicode text (no lone UTF-16 surrogates)' },
] as const;

interface TextBreach {
  /** The dotted path of the field (a key that breaks the rule is named by itself), '' for the input itself. */
  path: string;
  message: string;
}

function problemOf(text: string): string | null {
  return PROBLEMS.find((problem) => problem.breaks(text))?.message ?? null;
}

// A path is shown to the caller and may be logged: an ill-formed key is named in its well-formed spelling.
const named = (path: string[]) => path.map((part) => part.toWellFormed()).join('.');

/** The first string (or key) in the input that breaks the text rule, or null. */
export function textRuleBreach(value: unknown, path: string[] = [], depth = 0): TextBreach | null {
  if (typeof value === 'string') {
    const message = problemOf(value);
    return message === null ? null : { path: named(path), message };
  }
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const keyProblem = problemOf(key);
    if (keyProblem !== null) return { path: named([...path, key]), message: keyProblem };
    const found = textRuleBreach(child, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}

export function hasControlCharacter(text: string): boolean {
  return CONTROL.test(text);
}

/** Throws VALIDATION_FAILED naming the field when any string or key in the input breaks the text rule. */
export function enforceTextRule(value: unknown, where = 'body'): void {
  const breach = textRuleBreach(value);
  if (breach === null) return;
  throw new DomainError('VALIDATION_FAILED', 'The request is not valid.', {
    details: [{ path: breach.path || where, message: breach.message }],
  });
}
