import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { demoKeyring, generateKeyringText, isDemoKeyring, keyPurposes, parseKeyring } from './keyring';

const key = () => randomBytes(32).toString('base64');

/** One random key per purpose under the given id. */
function keyText(id: string, separator = ','): string {
  return keyPurposes.map((purpose) => `${purpose}:${id}:${key()}`).join(separator);
}

function errorOf(text: string): string {
  try {
    parseKeyring(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected parseKeyring to throw');
}

describe('parseKeyring', () => {
  it('reads one key per purpose, separated by commas and/or white space', () => {
    for (const separator of [',', ' ', '\n', ', ', ' ,\n\t']) {
      const ring = parseKeyring(` ${keyText('k1', separator)}\n`);
      for (const purpose of keyPurposes) expect(ring.active(purpose).id).toBe('k1');
    }
  });

  it('accepts URL-safe base64 and unpadded keys', () => {
    const text = keyPurposes.map((purpose) => `${purpose}:k1:${randomBytes(32).toString('base64url')}`).join(',');
    expect(parseKeyring(text).active('card').key).toHaveLength(32);
  });

  it('the first key of a purpose is active; every listed key is found by id', () => {
    const ring = parseKeyring(`${keyText('new')},${keyText('old')}`);
    expect(ring.active('card').id).toBe('new');
    expect(ring.byId('card', 'old')).toHaveLength(32);
    expect(ring.byId('card', 'new')!.equals(ring.active('card').key)).toBe(true);
    expect(ring.byId('card', 'gone')).toBeUndefined();
  });

  it('gives each purpose its own key', () => {
    const ring = parseKeyring(keyText('k1'));
    const keys = keyPurposes.map((purpose) => ring.active(purpose).key.toString('hex'));
    expect(new Set(keys).size).toBe(keyPurposes.length);
  });

  const short = randomBytes(16).toString('base64');
  const long = randomBytes(33).toString('base64');
  const valid = key();
  it.each([
    ['a 16-byte key', `card:k1:${short}`, /entry 1 \(card:k1\): key must decode to 32 bytes, got 16/],
    ['a 33-byte key', `${keyText('k1')},card:k2:${long}`, /entry 6 \(card:k2\): key must decode to 32 bytes, got 33/],
    ['a key that is not base64', `card:k1:${valid.slice(0, 20)}*${valid.slice(21)}`, /entry 1 \(card:k1\): key is not valid base64/],
    ['a key id with a space', `card:k 1:${valid}`, /entry 1: expected purpose:keyId:base64key/],
    ['a key id with a dot', `card:k.1:${valid}`, /entry 1 \(card\): key id must be 1 to 32 characters/],
    ['a key id of 33 characters', `card:${'k'.repeat(33)}:${valid}`, /entry 1 \(card\): key id must be 1 to 32 characters/],
    ['an empty key id', `card::${valid}`, /entry 1: expected purpose:keyId:base64key/],
    ['an unknown purpose', `cards:k1:${valid}`, /entry 1: unknown purpose "cards"; expected one of card, card-fingerprint/],
    ['a missing key id', `card:${valid}`, /entry 1: expected purpose:keyId:base64key \(found 2 colon-separated parts\)/],
    ['a missing purpose', `card:k1:${valid}`, /no key for purpose "card-fingerprint", "api-secret", "webhook-secret", "totp"/],
    ['nothing at all', ' , ', /no key for purpose "card"/],
    ['a duplicate id', `${keyText('k1')},card:k1:${key()}`, /entry 6 \(card:k1\): key id "k1" is listed twice for card/],
    ['a key shared by two purposes', `card:a:${valid},totp:b:${valid}`, /entry 2 \(totp:b\): the same key as .* entry 1/],
  ])('refuses %s, naming the entry and never the key', (_name, text, message) => {
    const error = errorOf(text);
    expect(error).toMatch(message);
    for (const material of text.split(/[\s,:]+/).filter((part) => part.length >= 16)) {
      expect(error).not.toContain(material);
      expect(error).not.toContain(material.slice(0, 16));
    }
  });

  it('does not echo a purpose that could be key material', () => {
    const material = randomBytes(32).toString('base64');
    const error = errorOf(`${material}:k1:${key()}`);
    expect(error).toMatch(/unknown purpose \(not shown\)/);
    expect(error).not.toContain(material.slice(0, 16));
  });
});

describe('demo keys', () => {
  it('are stable across calls (and processes), one per purpose, with id "demo"', () => {
    const a = demoKeyring();
    const b = demoKeyring();
    for (const purpose of keyPurposes) {
      expect(a.active(purpose).id).toBe('demo');
      expect(a.active(purpose).key.equals(b.active(purpose).key)).toBe(true);
    }
    expect(a.active('card').key.equals(a.active('totp').key)).toBe(false);
  });

  it('pins the derivation: changing it would make demo databases unreadable', () => {
    expect(demoKeyring().active('card').key.toString('hex')).toBe('f8f6d2c06233020d82eb2df6c4cea3c6a356b3ed63d350d96c8047a0245de6bb');
  });

  it('are recognised whether built or pasted into the environment', () => {
    expect(isDemoKeyring(demoKeyring())).toBe(true);
    expect(isDemoKeyring(parseKeyring(generateKeyringText()))).toBe(false);

    const demo = demoKeyring();
    const pasted = keyPurposes.map((purpose) => `${purpose}:mine:${demo.active(purpose).key.toString('base64')}`).join(',');
    expect(isDemoKeyring(parseKeyring(pasted))).toBe(true);
    // Listed behind real keys they only decrypt, which is how data moves off them.
    expect(isDemoKeyring(parseKeyring(`${keyText('real')},${pasted}`))).toBe(false);
  });
});

describe('generateKeyringText', () => {
  it('produces a parseable value with a dated key id', () => {
    const text = generateKeyringText(new Date('2026-11-23T07:40:35Z'));
    const ring = parseKeyring(text);
    expect(ring.active('webhook-secret').id).toBe('k20261123');
    expect(text.split(',')).toHaveLength(keyPurposes.length);
  });
});

describe('the optional hot-wallet purpose (docs/wallet.md, "The signer")', () => {
  it('is not required, is read when listed, and a demo key there counts as demo', () => {
    const without = parseKeyring(keyText('k1'));
    expect(without.has('hot-wallet')).toBe(false);
    expect(() => without.active('hot-wallet')).toThrow('CORRIDOR_ENCRYPTION_KEYS has no key for purpose "hot-wallet"');
    const withKey = parseKeyring(`${keyText('k1')},hot-wallet:s1:${key()}`);
    expect(withKey.active('hot-wallet').id).toBe('s1');
    expect(isDemoKeyring(withKey)).toBe(false);
    const demoHotWallet = demoKeyring().active('hot-wallet').key.toString('base64');
    expect(isDemoKeyring(parseKeyring(`${keyText('k1')},hot-wallet:demo:${demoHotWallet}`))).toBe(true);
  });
});
