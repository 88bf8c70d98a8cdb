import { createHash, hkdfSync } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import type { Keyring } from '../crypto/keyring';
import type { ReportSigningKeys } from './settlement-report.schema';

interface SigningKey {
  keyId: string;
  secret: Uint8Array;
  publicKey: Uint8Array;
}

/**
 * The platform's report signing keys (docs/api.md, "Verifying a report"), the active one first.
 * Listed `report-signing` keys of the keyring are Ed25519 seeds; rotating is listing a new one
 * first and keeping the old ones listed, so their public keys stay published for the reports they
 * signed. A keyring with none derives the seed from its active `api-secret` key (HKDF, its own
 * label), so every node signs with the same key from the first report on with nothing to store.
 */
function reportSigningKeys(ring: Keyring): SigningKey[] {
  const listed = ring.all('report-signing').map((entry) => ({ keyId: entry.id, seed: new Uint8Array(entry.key) }));
  const seeds = listed.length > 0 ? listed : [derivedSeed(ring)];
  return seeds.map(({ keyId, seed }) => ({ keyId, secret: seed, publicKey: ed25519.getPublicKey(seed) }));
}

function derivedSeed(ring: Keyring): { keyId: string; seed: Uint8Array } {
  const base = ring.active('api-secret');
  return { keyId: `derived-${base.id}`, seed: new Uint8Array(hkdfSync('sha256', base.key, 'corridor', 'report-signing', 32)) };
}

/** What GET /api/v1/reports/signing-key and /.well-known/corridor-report-key publish. */
export function publishedReportKeys(ring: Keyring): ReportSigningKeys {
  return {
    algorithm: 'Ed25519',
    keys: reportSigningKeys(ring).map((key, index) => ({ keyId: key.keyId, publicKey: Buffer.from(key.publicKey).toString('base64'), active: index === 0 })),
  };
}

/** SHA-256 of the bytes signed: a streamed CSV is hashed as it goes and signed at its end. */
export function reportDigest(bytes: Uint8Array | string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(bytes).digest());
}

/** The signature of a report's digest by the active key: Ed25519 over the 32 digest bytes. */
export function signReportDigest(ring: Keyring, digest: Uint8Array): { algorithm: 'Ed25519'; keyId: string; value: string } {
  const key = reportSigningKeys(ring)[0]!;
  return { algorithm: 'Ed25519', keyId: key.keyId, value: Buffer.from(ed25519.sign(digest, key.secret)).toString('base64') };
}
