import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cardFingerprint, last4 } from './fingerprint';
import { demoKeyring, keyPurposes, parseKeyring } from './keyring';
import { hmacSha256Hex, sha256Hex } from './tokens';

const card = '6222020200112233445';

describe('cardFingerprint', () => {
  it('is a stable hex HMAC-SHA256 under the card-fingerprint key', () => {
    const ring = demoKeyring();
    const fingerprint = cardFingerprint(ring, card);
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(cardFingerprint(demoKeyring(), card)).toBe(fingerprint);
    expect(fingerprint).toBe(hmacSha256Hex(ring.active('card-fingerprint').key, card));
  });

  it('tells numbers apart and reveals nothing without the key', () => {
    const ring = demoKeyring();
    expect(cardFingerprint(ring, card)).not.toBe(cardFingerprint(ring, '6222020200112233446'));
    expect(cardFingerprint(ring, card)).not.toBe(sha256Hex(card));
    expect(cardFingerprint(ring, card)).not.toBe(hmacSha256Hex(ring.active('card').key, card));
    const other = parseKeyring(keyPurposes.map((purpose) => `${purpose}:k1:${randomBytes(32).toString('base64')}`).join(','));
    expect(cardFingerprint(other, card)).not.toBe(cardFingerprint(ring, card));
  });

  it.each(['6222 0202 0011 2233', '', '6222-0202', 'abcd'])('refuses %j without echoing it', (value) => {
    let message = '';
    try {
      cardFingerprint(demoKeyring(), value);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/digits only/);
    if (value) expect(message).not.toContain(value);
  });
});

describe('last4', () => {
  it('keeps the last four digits only', () => {
    expect(last4(card)).toBe('3445');
    expect(last4('12345678')).toBe('5678');
  });
});
