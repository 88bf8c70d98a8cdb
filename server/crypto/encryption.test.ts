import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptField, encryptField, FieldDecryptionError, type FieldAddress } from './encryption';
import { demoKeyring, keyPurposes, parseKeyring } from './keyring';

const card = '6222020200112233445';
const at: FieldAddress = { table: 'payout_orders', id: '7d1e6c1e-0000-4000-8000-000000000001', field: 'recipient_account' };

function keyText(id: string): string {
  return keyPurposes.map((purpose) => `${purpose}:${id}:${randomBytes(32).toString('base64')}`).join(',');
}

/** The error decryptField throws, checked to carry nothing secret. */
function decryptError(run: () => unknown, secrets: string[] = [card]): FieldDecryptionError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(FieldDecryptionError);
    const text = `${(error as Error).message} ${(error as Error).stack ?? ''} ${String((error as Error).cause ?? '')}`;
    for (const secret of secrets) expect(text).not.toContain(secret);
    return error as FieldDecryptionError;
  }
  throw new Error('expected decryptField to throw');
}

function tamper(stored: string, index: number): string {
  const parts = stored.split('.');
  const bytes = Buffer.from(parts[index]!, 'base64url');
  bytes[0] = bytes[0]! ^ 1;
  parts[index] = bytes.toString('base64url');
  return parts.join('.');
}

describe('encryptField / decryptField', () => {
  it('round-trips, with a fresh IV each time and the key id in the stored value', () => {
    const ring = parseKeyring(keyText('k1'));
    const a = encryptField(ring, 'card', card, at);
    const b = encryptField(ring, 'card', card, at);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.k1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(a).not.toContain(card);
    expect(decryptField(ring, 'card', a, at)).toBe(card);
    expect(decryptField(ring, 'card', b, at)).toBe(card);
  });

  it.each(['', 'x', '银行卡 6222', 'a'.repeat(10_000)])('round-trips %j', (plaintext) => {
    const ring = demoKeyring();
    expect(decryptField(ring, 'api-secret', encryptField(ring, 'api-secret', plaintext, at), at)).toBe(plaintext);
  });

  it.each<[string, Partial<FieldAddress>]>([
    ['another row', { id: '7d1e6c1e-0000-4000-8000-000000000002' }],
    ['another field', { field: 'recipient_holder_name' }],
    ['another table', { table: 'trader_bank_accounts' }],
  ])('refuses a ciphertext moved to %s (AAD)', (_name, moved) => {
    const ring = demoKeyring();
    const stored = encryptField(ring, 'card', card, at);
    expect(decryptError(() => decryptField(ring, 'card', stored, { ...at, ...moved })).message).toMatch(/does not open/);
  });

  it.each([
    ['the IV', 2],
    ['the ciphertext', 3],
    ['the tag', 4],
  ])('refuses a change to %s, and the error shows no plaintext', (_name, index) => {
    const ring = demoKeyring();
    const stored = encryptField(ring, 'card', card, at);
    expect(decryptError(() => decryptField(ring, 'card', tamper(stored, index), at)).message).toMatch(/does not open/);
  });

  it('refuses a truncated tag, which GCM would otherwise accept as a weaker check', () => {
    const ring = demoKeyring();
    const parts = encryptField(ring, 'card', card, at).split('.');
    parts[4] = Buffer.from(parts[4]!, 'base64url').subarray(0, 4).toString('base64url');
    expect(decryptError(() => decryptField(ring, 'card', parts.join('.'), at)).message).toMatch(/not a v1 ciphertext/);
  });

  it.each(['', 'plain text', 'v2.k1.a.b.c', 'v1.k1.a.b', 'v1.k1.a.b.c.d', 'v1.k 1.AAAAAAAAAAAAAAAA.AA.AAAAAAAAAAAAAAAAAAAAAA', 'v1.k1.AAAAAAAAAAAAAAAA.A+A.AAAAAAAAAAAAAAAAAAAAAA'])(
    'refuses the malformed value %j',
    (stored) => {
      expect(decryptError(() => decryptField(demoKeyring(), 'card', stored, at)).message).toMatch(/payout_orders\.recipient_account .*not a v1 ciphertext/);
    },
  );

  it('purposes do not share keys', () => {
    const ring = demoKeyring();
    const stored = encryptField(ring, 'card', card, at);
    expect(decryptError(() => decryptField(ring, 'api-secret', stored, at)).message).toMatch(/key "demo" for api-secret|does not open/);
  });

  it('a ring whose key has the same id but other bytes cannot open the value', () => {
    const stored = encryptField(parseKeyring(keyText('k1')), 'card', card, at);
    const other = parseKeyring(keyText('k1'));
    const error = decryptError(() => decryptField(other, 'card', stored, at), [card, ...keyPurposes]);
    expect(error.message).toMatch(/does not open/);
  });

  it('refuses an address that would make the AAD ambiguous', () => {
    const ring = demoKeyring();
    expect(() => encryptField(ring, 'card', card, { ...at, table: 'a:b' })).toThrow(/field address/);
    expect(() => encryptField(ring, 'card', card, { ...at, id: '' })).toThrow(/field address/);
  });
});

describe('key rotation', () => {
  it('the new first key encrypts, older listed keys still decrypt, dropped keys do not', () => {
    const oldText = keyText('old');
    const before = encryptField(parseKeyring(oldText), 'card', card, at);

    const newText = keyText('new');
    const rotated = parseKeyring(`${newText},${oldText}`);
    expect(decryptField(rotated, 'card', before, at)).toBe(card);
    const after = encryptField(rotated, 'card', card, at);
    expect(after.startsWith('v1.new.')).toBe(true);
    expect(decryptField(rotated, 'card', after, at)).toBe(card);

    const dropped = parseKeyring(newText);
    expect(decryptField(dropped, 'card', after, at)).toBe(card);
    expect(decryptError(() => decryptField(dropped, 'card', before, at)).message).toMatch(/key "old" for card is not configured/);
  });

  it('data moves off the demo keys the same way', () => {
    const demo = demoKeyring();
    const before = encryptField(demo, 'card', card, at);
    const demoText = keyPurposes.map((purpose) => `${purpose}:demo:${demo.active(purpose).key.toString('base64')}`).join(' ');
    const real = parseKeyring(`${keyText('k1')} ${demoText}`);
    expect(decryptField(real, 'card', before, at)).toBe(card);
    expect(encryptField(real, 'card', card, at).startsWith('v1.k1.')).toBe(true);
  });
});
