import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { KEY_ID, type KeyPurpose, type Keyring } from './keyring';

/** Where a value is stored. Bound into the ciphertext, so one copied to another row or column does not open. */
export interface FieldAddress {
  table: string;
  id: string;
  field: string;
}

const VERSION = 'v1';
const IV_BYTES = 12;
// Node accepts GCM tags as short as 4 bytes unless told otherwise; a short tag is forgeable.
const TAG_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** A stored value that cannot be opened. The message names the column, never the value or a key. */
export class FieldDecryptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FieldDecryptionError';
  }
}

function aad(address: FieldAddress): Buffer {
  // Table and field are code constants; refusing ":" in them keeps "table:id:field" unambiguous
  // whatever the id holds.
  if (!address.table || !address.id || !address.field || address.table.includes(':') || address.field.includes(':')) {
    throw new Error('a field address needs a table, an id and a field, and no ":" in table or field');
  }
  return Buffer.from(`${address.table}:${address.id}:${address.field}`, 'utf8');
}

/**
 * AES-256-GCM with a random 96-bit IV under the purpose's active key; stored as
 * `v1.<keyId>.<iv>.<ciphertext>.<tag>` (base64url), the key id beside the data so keys can rotate.
 */
export function encryptField(keyring: Keyring, purpose: KeyPurpose, plaintext: string, address: FieldAddress): string {
  const additionalData = aad(address);
  const { id, key } = keyring.active(purpose);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(additionalData);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, id, iv.toString('base64url'), ciphertext.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

export function decryptField(keyring: Keyring, purpose: KeyPurpose, stored: string, address: FieldAddress): string {
  const additionalData = aad(address);
  const where = `${address.table}.${address.field} of ${address.id}`;
  const parts = stored.split('.');
  const [version, keyId, ivText, ciphertextText, tagText] = parts;
  if (
    parts.length !== 5 ||
    version !== VERSION ||
    keyId === undefined ||
    !KEY_ID.test(keyId) ||
    !parts.slice(2).every((part) => BASE64URL.test(part))
  ) {
    throw new FieldDecryptionError(`${where}: not a ${VERSION} ciphertext`);
  }
  const iv = Buffer.from(ivText!, 'base64url');
  const tag = Buffer.from(tagText!, 'base64url');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new FieldDecryptionError(`${where}: not a ${VERSION} ciphertext`);

  const key = keyring.byId(purpose, keyId);
  if (!key) throw new FieldDecryptionError(`${where}: key "${keyId}" for ${purpose} is not configured`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(additionalData);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(ciphertextText!, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    // The cause is dropped on purpose: nothing from inside the cipher belongs in an error.
    throw new FieldDecryptionError(`${where}: ciphertext does not open (tampered, moved to another row or field, or wrong key)`);
  }
}
