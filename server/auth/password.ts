import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// docs/security.md: argon2id with at least m = 19 MiB, t = 2, p = 1 (OWASP's baseline).
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export { MIN_PASSWORD_LENGTH } from '../../common/password-rules';

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password, verified against when the account does not exist, so sign-in takes
 * about the same time for an unknown email as for a wrong password.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomUUID());
  return decoy;
}
