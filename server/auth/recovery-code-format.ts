import { createHash, randomInt } from 'node:crypto';

// Crockford-like base32 without look-alikes (no 0/O, 1/I/L, U): read off paper and typed by hand.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/** How many codes one set holds (docs/security.md, "Recovery codes"). */
export const RECOVERY_CODE_COUNT = 10;

/** A new code, "XXXXX-XXXXX": 10 symbols of a 30-letter alphabet, about 49 bits. */
export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Whether typed text has a recovery code's shape (any case, with or without the dash or spaces). */
export function looksLikeRecoveryCode(text: string): boolean {
  return /^[A-Za-z0-9]{5}[\s-]?[A-Za-z0-9]{5}$/.test(text.trim());
}

/** The stored form: SHA-256 of the code upper-cased without separators. Only this is kept. */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.replace(/[\s-]/g, '').toUpperCase()).digest('hex');
}
