import { hkdfSync } from 'node:crypto';
import { env } from '../../config/env';

/** The public secret the demo signs sessions with, so `npm start` needs no configuration. */
export function demoAuthSecret(): string {
  return Buffer.from(hkdfSync('sha256', 'corridor-demo-auth-secret-not-secret', 'corridor', 'auth', 32)).toString('base64');
}

/**
 * The secret that signs dashboard sessions. Production mode requires AUTH_SECRET (and refuses the
 * demo's, see server/config/production-readiness.ts); the demo falls back to the public one.
 */
export function authSecret(): string {
  const config = env();
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  if (config.production) throw new Error('AUTH_SECRET is required in production mode (32 or more random characters).');
  return demoAuthSecret();
}
