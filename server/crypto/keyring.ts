import { hkdfSync, randomBytes } from 'node:crypto';

/**
 * Each purpose has its own key, so one leaked key exposes one kind of secret (docs/security.md,
 * "Threat model"): card and bank account numbers, the card fingerprint HMAC, API secrets, webhook
 * secrets, TOTP seeds.
 */
export const keyPurposes = ['card', 'card-fingerprint', 'api-secret', 'webhook-secret', 'totp'] as const;
/**
 * Purposes only some processes carry: `hot-wallet` opens the signer's key file, so it is listed on
 * the signer alone and an API node's keyring never holds it (docs/wallet.md, "The signer").
 * `report-signing` is the Ed25519 seed settlement reports are signed with; without it the seed is
 * derived from the `api-secret` key (docs/api.md, "Verifying a report"). `web-push` is the VAPID
 * private key (a P-256 scalar) web push alerts are signed with; without it the key is derived from
 * the `api-secret` key likewise (docs/alerts.md, "Web push").
 */
const optionalKeyPurposes = ['hot-wallet', 'report-signing', 'web-push'] as const;
const allKeyPurposes: readonly string[] = [...keyPurposes, ...optionalKeyPurposes];
export type KeyPurpose = (typeof keyPurposes)[number] | (typeof optionalKeyPurposes)[number];

interface KeyEntry {
  id: string;
  key: Buffer;
}

export interface Keyring {
  /** The key new ciphertexts use: the first listed for the purpose (an optional purpose not listed throws). */
  active(purpose: KeyPurpose): KeyEntry;
  has(purpose: KeyPurpose): boolean;
  /** Any listed key of the purpose, so values written under older keys still open. */
  byId(purpose: KeyPurpose, id: string): Buffer | undefined;
  /** Every listed key of the purpose, the active one first (none for an optional purpose not listed). */
  all(purpose: KeyPurpose): readonly KeyEntry[];
  /** Built by demoKeyring(); isDemoKeyring also catches demo keys pasted into the environment. */
  readonly demo: boolean;
}

const SOURCE = 'CORRIDOR_ENCRYPTION_KEYS';
const KEY_BYTES = 32;
export const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
// Standard or URL-safe alphabet, padding optional. Checked before decoding because Buffer.from
// silently skips characters it does not know, which would turn a typo into a different key.
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

function build(entries: ReadonlyMap<KeyPurpose, readonly KeyEntry[]>, demo: boolean): Keyring {
  const missing = keyPurposes.filter((purpose) => !entries.get(purpose)?.length);
  if (missing.length > 0) {
    throw new Error(`${SOURCE} has no key for purpose ${missing.map((p) => `"${p}"`).join(', ')} (every purpose needs its own key)`);
  }
  return {
    demo,
    active: (purpose) => {
      const entry = entries.get(purpose)?.[0];
      if (!entry) throw new Error(`${SOURCE} has no key for purpose "${purpose}"`);
      return entry;
    },
    has: (purpose) => Boolean(entries.get(purpose)?.length),
    byId: (purpose, id) => entries.get(purpose)?.find((entry) => entry.id === id)?.key,
    all: (purpose) => entries.get(purpose) ?? [],
  };
}

/**
 * Parses `purpose:keyId:base64key` entries separated by commas and/or white space. Errors name the
 * entry's position and the problem and echo only what cannot be key material (a known purpose or
 * a valid key id), since the message ends up in start-up logs.
 */
export function parseKeyring(text: string): Keyring {
  const entries = new Map<KeyPurpose, KeyEntry[]>();
  const seen: { where: string; key: Buffer }[] = [];
  text
    .split(/[\s,]+/)
    .filter(Boolean)
    .forEach((part, index) => {
      const where = `${SOURCE} entry ${index + 1}`;
      const fields = part.split(':');
      if (fields.length !== 3 || fields.some((field) => field === '')) {
        throw new Error(`${where}: expected purpose:keyId:base64key (found ${fields.length} colon-separated part${fields.length === 1 ? '' : 's'})`);
      }
      const [purpose, id, material] = fields as [string, string, string];
      if (!allKeyPurposes.includes(purpose)) {
        const shown = KEY_ID.test(purpose) ? `"${purpose}"` : '(not shown)';
        throw new Error(`${where}: unknown purpose ${shown}; expected one of ${allKeyPurposes.join(', ')}`);
      }
      if (!KEY_ID.test(id)) throw new Error(`${where} (${purpose}): key id must be 1 to 32 characters of A-Z, a-z, 0-9, _ and -`);
      if (!BASE64.test(material)) throw new Error(`${where} (${purpose}:${id}): key is not valid base64`);
      const key = Buffer.from(material.replaceAll('-', '+').replaceAll('_', '/'), 'base64');
      if (key.length !== KEY_BYTES) {
        throw new Error(`${where} (${purpose}:${id}): key must decode to ${KEY_BYTES} bytes, got ${key.length} (generate one with \`npm run corridor -- keys generate\`)`);
      }
      const list = entries.get(purpose as KeyPurpose) ?? [];
      if (list.some((entry) => entry.id === id)) throw new Error(`${where} (${purpose}:${id}): key id "${id}" is listed twice for ${purpose}`);
      // The same bytes under two purposes would undo the separation of purposes.
      const reused = seen.find((other) => other.key.equals(key));
      if (reused) throw new Error(`${where} (${purpose}:${id}): the same key as ${reused.where}; every key must be distinct`);
      seen.push({ where, key });
      list.push({ id, key });
      entries.set(purpose as KeyPurpose, list);
    });
  return build(entries, false);
}

/**
 * Public, not-secret demo keys: a newcomer runs the product with no configuration, data written in
 * the demo stays readable across restarts, and production mode refuses them. Changing this seed
 * makes every existing demo database unreadable.
 */
const DEMO_KEY_SEED_NOT_SECRET = 'corridor-demo-keys-not-secret';
const DEMO_KEY_ID = 'demo';

function demoKey(purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', DEMO_KEY_SEED_NOT_SECRET, 'corridor', purpose, KEY_BYTES));
}

export function demoKeyring(): Keyring {
  return build(new Map([...keyPurposes, ...optionalKeyPurposes].map((purpose) => [purpose, [{ id: DEMO_KEY_ID, key: demoKey(purpose) }]])), true);
}

/**
 * True when any purpose would encrypt with a public demo key, whether built by demoKeyring() or
 * pasted into the environment. Demo keys listed only to decrypt old values are allowed, so data
 * can move off the demo keys by rotation.
 */
export function isDemoKeyring(keyring: Keyring): boolean {
  return keyring.demo || [...keyPurposes, ...optionalKeyPurposes].some((purpose) => keyring.has(purpose) && keyring.active(purpose).key.equals(demoKey(purpose)));
}

/** A fresh CORRIDOR_ENCRYPTION_KEYS value: one random key per purpose, id k<yyyymmdd>. */
export function generateKeyringText(now = new Date()): string {
  const id = `k${now.toISOString().slice(0, 10).replaceAll('-', '')}`;
  return keyPurposes.map((purpose) => `${purpose}:${id}:${randomBytes(KEY_BYTES).toString('base64')}`).join(',');
}
