import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptField, encryptField } from './encryption';
import { cardFingerprint, last4 } from './fingerprint';
import { demoKeyring, generateKeyringText, isDemoKeyring, keyPurposes, parseKeyring } from './keyring';
import { randomToken, sha256Hex, timingSafeEqualString } from './tokens';

const card = '6222020200112233445';
const at = { table: 'payout_orders', id: '7d1e6c1e-0000-4000-8000-000000000001', field: 'recipient_account' };

function keyText(id: string) {
  return keyPurposes.map((purpose) => `${purpose}:${id}:${randomBytes(32).toString('base64')}`).join(',');
}

describe('encryption of fields', () => {
  it('round-trips, with a fresh IV each time and the key id in the stored value', () => {
    const ring = parseKeyring(keyText('k1'));
    const a = encryptField(ring, 'card', card, at);
    const b = encryptField(ring, 'card', card, at);
    expect(a).not.toBe(b);
    expect(a.startsWith('v1.k1.')).toBe(true);
    expect(a).not.toContain(card);
    expect(decryptField(ring, 'card', a, at)).toBe(card);
  });

  it('refuses a ciphertext moved to another row or field (AAD)', () => {
    const ring = demoKeyring();
    const stored = encryptField(ring, 'card', card, at);
    expect(() => decryptField(ring, 'card', stored, { ...at, id: 'another-row' })).toThrow(/does not open/);
    expect(() => decryptField(ring, 'card', stored, { ...at, field: 'other' })).toThrow(/does not open/);
  });

  it('refuses tampering, and never puts the plaintext in the error', () => {
    const ring = demoKeyring();
    const stored = encryptField(ring, 'card', card, at);
    const parts = stored.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[3] = body.toString('base64url');
    let message = '';
    try {
      decryptField(ring, 'card', parts.join('.'), at);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/does not open/);
    expect(message).not.toContain(card);
    expect(message).not.toContain(last4(card) + card.slice(0, 4));
  });

  it('keys rotate: the new first key encrypts, older listed keys still decrypt', () => {
    const oldText = keyText('old');
    const old = parseKeyring(oldText);
    const before = encryptField(old, 'card', card, at);
    const rotated = parseKeyring(`${keyText('new')},${oldText}`);
    expect(decryptField(rotated, 'card', before, at)).toBe(card);
    expect(encryptField(rotated, 'card', card, at).startsWith('v1.new.')).toBe(true);
    const dropped = parseKeyring(keyText('new'));
    expect(() => decryptField(dropped, 'card', before, at)).toThrow(/key "old" for card is not configured/);
  });

  it('purposes do not share keys', () => {
    const ring = demoKeyring();
    const stored = encryptField(ring, 'card', card, at);
    expect(() => decryptField(ring, 'api-secret', stored, at)).toThrow();
  });
});

describe('keyring configuration', () => {
  it.each([
    ['a short key', 'card:k1:' + randomBytes(16).toString('base64'), /32 bytes/],
    ['a bad key id', 'card:k 1:' + randomBytes(32).toString('base64'), /expected purpose:keyId:base64key|key id/],
    ['an unknown purpose', 'cards:k1:' + randomBytes(32).toString('base64'), /unknown purpose "cards"/],
    ['a missing purpose', 'card:k1:' + randomBytes(32).toString('base64'), /no key for purpose/],
    ['a duplicate id', `${keyText('k1')},card:k1:${randomBytes(32).toString('base64')}`, /listed twice/],
  ])('refuses %s with a clear message that shows no key', (_name, text, message) => {
    let error = '';
    try {
      parseKeyring(text);
    } catch (e) {
      error = (e as Error).message;
    }
    expect(error).toMatch(message);
    for (const part of text.split(/[,:]/).filter((p) => p.length > 30)) expect(error).not.toContain(part);
  });

  it('generated key text parses, and demo keys are known as demo', () => {
    const ring = parseKeyring(generateKeyringText());
    expect(isDemoKeyring(ring)).toBe(false);
    expect(isDemoKeyring(demoKeyring())).toBe(true);
    // Demo keys are stable across processes, so demo data stays readable after a restart.
    expect(demoKeyring().active('card').key.equals(demoKeyring().active('card').key)).toBe(true);
  });
});

describe('fingerprints and tokens', () => {
  it('a card fingerprint is stable per key and reveals nothing without it', () => {
    const ring = demoKeyring();
    expect(cardFingerprint(ring, card)).toBe(cardFingerprint(ring, card));
    expect(cardFingerprint(ring, card)).not.toBe(sha256Hex(card));
    expect(cardFingerprint(parseKeyring(keyText('k1')), card)).not.toBe(cardFingerprint(ring, card));
    expect(last4(card)).toBe('3445');
  });

  it('tokens carry at least 128 bits', () => {
    expect(randomToken().length).toBeGreaterThanOrEqual(43);
    expect(randomToken(16)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(() => randomToken(8)).toThrow();
  });

  it('constant-time comparison handles different lengths', () => {
    expect(timingSafeEqualString('abc', 'abc')).toBe(true);
    expect(timingSafeEqualString('abc', 'abd')).toBe(false);
    expect(timingSafeEqualString('abc', 'abcd')).toBe(false);
    expect(timingSafeEqualString('', '')).toBe(true);
  });
});
