import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { KeyPurpose, Keyring } from './keyring';

/** Binds a ciphertext to where it is stored, so one moved to another row or column fails to open. */
export interface FieldAddress {
  table: string;
  id: string;
  field: string;
}

const VERSION = 'v1';

function aad(address: FieldAddress): Buffer {
  return Buffer.from(`${address.table}:${address.id}:${address.field}`, 'utf8');
}

/**
 * AES-256-GCM with a random 96-bit IV; stored as `v1.<keyId>.<iv>.<ciphertext>.<tag>` (base64url),
 * the key id beside the data so keys can rotate.
 */
export function encryptField(keyring: Keyring, purpose: KeyPurpose, plaintext: string, address: FieldAddress): string {
  const { id, key } = keyring.active(purpose);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(address));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, id, iv.toString('base64url'), ciphertext.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

export function decryptField(keyring: Keyring, purpose: KeyPurpose, stored: string, address: FieldAddress): string {
  const [version, keyId, iv, ciphertext, tag, ...rest] = stored.split('.');
  if (version !== VERSION || !keyId || !iv || ciphertext === undefined || !tag || rest.length > 0) {
    throw new Error(`${address.table}.${address.field}: not a v1 ciphertext`);
  }
  const key = keyring.byId(purpose, keyId);
  if (!key) throw new Error(`${address.table}.${address.field}: key "${keyId}" for ${purpose} is not configured`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(aad(address));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new Error(`${address.table}.${address.field}: ciphertext does not open (tampered, moved, or wrong key)`);
  }
}
