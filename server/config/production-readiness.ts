import { isDemoKeyring, parseKeyring } from '../crypto/keyring';
import type { Env } from '../../config/env';
import { demoAuthSecret } from './auth-secret';

/**
 * What production mode refuses to start without (docs/security.md, "Production checklist"). Every
 * problem is listed at once, each with how to fix it, so a deployment is fixed in one pass rather
 * than one restart per missing secret. Messages never echo a secret's value.
 */
function productionProblems(config: Env): string[] {
  if (!config.production) return [];
  const problems: string[] = [];

  if (!config.CORRIDOR_ENCRYPTION_KEYS) {
    problems.push('CORRIDOR_ENCRYPTION_KEYS is not set. Generate it with `npm run corridor -- keys generate` and keep it in your secret store.');
  } else {
    try {
      if (isDemoKeyring(parseKeyring(config.CORRIDOR_ENCRYPTION_KEYS))) {
        problems.push('CORRIDOR_ENCRYPTION_KEYS encrypts with the public demo keys. Generate real ones with `npm run corridor -- keys generate` (keep the demo keys listed after them only to read old data).');
      }
    } catch (error) {
      problems.push(`CORRIDOR_ENCRYPTION_KEYS is not valid: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  if (!config.AUTH_SECRET) {
    problems.push('AUTH_SECRET is not set. Generate 32 or more random characters, e.g. `openssl rand -base64 32`.');
  } else if (config.AUTH_SECRET === demoAuthSecret()) {
    problems.push('AUTH_SECRET is the public demo secret. Generate a new one, e.g. `openssl rand -base64 32`.');
  }

  const base = new URL(config.PUBLIC_BASE_URL);
  if (base.protocol !== 'https:') {
    problems.push(`PUBLIC_BASE_URL must be an https address in production (it is ${base.protocol}//${base.host}); buyers' checkout links and session cookies depend on it.`);
  }

  if (!config.DATABASE_URL) {
    problems.push('DATABASE_URL is not set. Production runs on PostgreSQL; the embedded database is for the demo and for development.');
  }
  return problems;
}

/** Throws one message naming every problem; called by every entry point before it listens or works. */
export function assertReadyForProduction(config: Env): void {
  const problems = productionProblems(config);
  if (problems.length === 0) return;
  throw new Error(
    [
      `Corridor is in production mode (CORRIDOR_MODE=${config.CORRIDOR_MODE ?? 'unset, production because DATABASE_URL is set'}) and will not start:`,
      ...problems.map((problem) => `  - ${problem}`),
      'Fix these, or run the demo with CORRIDOR_MODE=demo (public keys: never for real money). See docs/security.md.',
    ].join('\n'),
  );
}
