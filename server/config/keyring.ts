import { demoKeyring, isDemoKeyring, parseKeyring, type Keyring } from '../crypto/keyring';
import { env } from '../../config/env';

let cached: Keyring | undefined;

/**
 * The process's encryption keys. Without CORRIDOR_ENCRYPTION_KEYS a development or demo process uses
 * the well-known demo keys; production mode refuses them (docs/security.md, "Production checklist").
 */
export function keyring(): Keyring {
  if (cached) return cached;
  const config = env();
  const ring = config.CORRIDOR_ENCRYPTION_KEYS ? parseKeyring(config.CORRIDOR_ENCRYPTION_KEYS) : demoKeyring();
  if (config.production && isDemoKeyring(ring)) {
    throw new Error(
      'CORRIDOR_ENCRYPTION_KEYS is missing or holds demo keys; production mode needs real keys ' +
        '(generate them with `npm run corridor -- keys generate`).',
    );
  }
  cached = ring;
  return ring;
}
