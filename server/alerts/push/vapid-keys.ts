import { createECDH, hkdfSync } from 'node:crypto';
import type { Keyring } from '../../crypto/keyring';

export interface VapidKeys {
  /** The uncompressed P-256 public key, base64url: what browsers subscribe with (applicationServerKey). */
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID key pair web push alerts are signed with: the keyring's active `web-push` key is the
 * private key; unlisted, it is derived from the `api-secret` key, so a deployment has push without
 * a new secret. Rotating it makes every browser subscribe again (their subscriptions name the key).
 */
export function vapidKeysOf(ring: Keyring): VapidKeys {
  const privateKey = ring.has('web-push') ? ring.active('web-push').key : Buffer.from(hkdfSync('sha256', ring.active('api-secret').key, 'corridor', 'web-push-vapid', 32));
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privateKey);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') };
}
