import { describe, expect, it } from 'vitest';
import { clampExcerpt, cleanHeader, EXCERPT_BYTES, excerptOf } from './reply-excerpt';

describe('what is kept of a receiver reply', () => {
  it('at most 256 bytes', () => {
    expect(EXCERPT_BYTES).toBe(256);
    expect(excerptOf(Buffer.from('a'.repeat(5000)))).toBe('a'.repeat(256));
  });

  it('control characters go, line breaks and tabs become spaces, bidirectional overrides go', () => {
    expect(excerptOf(Buffer.from('ok\r\n\tdone\u0000\u0007\u001b[31mred\u007f\u202eevil\u2066'))).toBe('ok   done[31mredevil');
  });

  it('valid UTF-8: a character cut by the limit is dropped, not half-kept', () => {
    const body = Buffer.concat([Buffer.from('a'.repeat(255)), Buffer.from('€')]);
    const excerpt = excerptOf(body);
    expect(excerpt).toBe('a'.repeat(255));
    expect(Buffer.byteLength(excerpt)).toBeLessThanOrEqual(256);
    expect(excerptOf(Buffer.from([0x68, 0x69, 0xff, 0xfe]))).toBe('hi\ufffd\ufffd');
  });

  it('text stored before the limit is clamped the same way; nothing stays nothing', () => {
    expect(clampExcerpt(`${'x'.repeat(1000)}\n`)).toBe('x'.repeat(256));
    expect(clampExcerpt(null)).toBeNull();
  });

  it('a header from the receiver is cleaned and cut', () => {
    expect(cleanHeader(`https://x.example/\r\n${'y'.repeat(300)}`)).toMatch(/^https:\/\/x\.example\/ {2}y{180}\.\.\.$/);
  });
});
