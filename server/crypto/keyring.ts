import { hkdfSync, randomBytes } from 'node:crypto';

/** Each purpose has its own key, so one leaked key exposes one kind of secret (decisions.md section 8). */
export const keyPurposes = ['card', 'card-fingerprint', 'api-secret', 'webhook-secret', 'totp'] as const;
export type KeyPurpose = (typeof keyPurposes)[number];

export interface Keyring {
  /** The key new ciphertexts use: the first listed for the purpose. */
  active(purpose: KeyPurpose): { id: string; key: Buffer };
  /** Any listed key, to decrypt what older keys wrote. */
  byId(purpose: KeyPurpose, id: string): Buffer | undefined;
  readonly demo: boolean;
}

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

function build(entries: Map<KeyPurpose, { id: string; key: Buffer }[]>, demo: boolean): Keyring {
  for (const purpose of keyPurposes) {
    if (!entries.get(purpose)?.length) throw new Error(`CORRIDOR_ENCRYPTION_KEYS has no key for purpose "${purpose}"`);
  }
  return {
    demo,
    active: (purpose) => entries.get(purpose)![0]!,
    byId: (purpose, id) => entries.get(purpose)?.find((entry) => entry.id === id)?.key,
  };
}

/**
 * Parses `purpose:keyId:base64key` entries separated by commas or white space. Errors name the
 * entry's position and the problem, never the key material.
 */
export function parseKeyring(text: string): Keyring {
  const entries = new Map<KeyPurpose, { id: string; key: Buffer }[]>();
  const parts = text.split(/[\s,]+/).filter(Boolean);
  parts.forEach((part, index) => {
    const where = `CORRIDOR_ENCRYPTION_KEYS entry ${index + 1}`;
    const [purpose, id, material, ...rest] = part.split(':');
    if (!purpose || !id || !material || rest.length > 0) throw new Error(`${where}: expected purpose:keyId:base64key`);
    if (!(keyPurposes as readonly string[]).includes(purpose)) {
      throw new Error(`${where}: unknown purpose "${purpose}" (expected one of ${keyPurposes.join(', ')})`);
    }
    if (!KEY_ID.test(id)) throw new Error(`${where}: key id must be 1-32 characters of A-Z a-z 0-9 _ -`);
    const key = Buffer.from(material, 'base64');
    if (key.length !== 32) throw new Error(`${where}: key must be 32 bytes of base64 (got ${key.length})`);
    const list = entries.get(purpose as KeyPurpose) ?? [];
    if (list.some((entry) => entry.id === id)) throw new Error(`${where}: key id "${id}" is listed twice for ${purpose}`);
    list.push({ id, key });
    entries.set(purpose as KeyPurpose, list);
  });
  return build(entries, false);
}

/**
 * Fixed, public demo keys derived from a constant: a newcomer needs no configuration, and
 * production mode refuses them.
 */
export function demoKeyring(): Keyring {
  const entries = new Map<KeyPurpose, { id: string; key: Buffer }[]>();
  for (const purpose of keyPurposes) {
    const key = Buffer.from(hkdfSync('sha256', 'corridor-demo-keys-not-secret', 'corridor', purpose, 32));
    entries.set(purpose, [{ id: 'demo', key }]);
  }
  return build(entries, true);
}

export function isDemoKeyring(keyring: Keyring): boolean {
  return keyring.demo;
}

/** A fresh CORRIDOR_ENCRYPTION_KEYS value: one random key per purpose, id k<yyyymmdd>. */
export function generateKeyringText(now = new Date()): string {
  const id = `k${now.toISOString().slice(0, 10).replaceAll('-', '')}`;
  return keyPurposes.map((purpose) => `${purpose}:${id}:${randomBytes(32).toString('base64')}`).join(',');
}
