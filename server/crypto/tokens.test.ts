import { describe, expect, it } from 'vitest';
import { hmacSha256Hex, randomToken, sha256Hex, timingSafeEqualHex, timingSafeEqualString } from './tokens';

describe('randomToken', () => {
  it('carries 256 bits by default, base64url', () => {
    expect(randomToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken(16)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('is unique', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => randomToken(16)));
    expect(tokens.size).toBe(1000);
  });

  it.each([0, 8, 15, 16.5, 1025])('refuses %d bytes', (bytes) => {
    expect(() => randomToken(bytes)).toThrow(/128 bits/);
  });
});

describe('hashes', () => {
  it('match the published test vectors', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex(new TextEncoder().encode('abc'))).toBe(sha256Hex('abc'));
    // RFC 4231 test case 2.
    expect(hmacSha256Hex('Jefe', 'what do ya want for nothing?')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });
});

describe('timingSafeEqualString', () => {
  it.each([
    ['abc', 'abc', true],
    ['', '', true],
    ['abc', 'abd', false],
    ['abc', 'abcd', false], // different lengths: false, no throw
    ['', 'a', false],
    ['é', 'e\u0301', false], // compared as UTF-8 bytes, no normalisation
  ])('%j vs %j is %s', (a, b, equal) => {
    expect(timingSafeEqualString(a, b)).toBe(equal);
  });
});

describe('timingSafeEqualHex', () => {
  const mac = hmacSha256Hex('key', 'message');
  it.each([
    [mac, mac, true],
    [mac, mac.toUpperCase(), true],
    [mac, `${mac.slice(0, -1)}${mac.endsWith('0') ? '1' : '0'}`, false],
    [mac, mac.slice(0, -2), false],
    [mac, `${mac}00`, false],
    ['', '', false], // an empty MAC never matches, even itself
    ['zz', 'zz', false],
    ['abc', 'abc', false], // odd length is not hex of bytes
  ])('%j vs %j is %s', (a, b, equal) => {
    expect(timingSafeEqualHex(a, b)).toBe(equal);
  });
});
