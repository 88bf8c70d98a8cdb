import { describe, expect, it } from 'vitest';
import { formatDateTime, formatTime } from './format';
import { timeZoneFromCookie } from './time-zone';

describe('timeZoneFromCookie', () => {
  it('keeps a zone Intl knows', () => {
    expect(timeZoneFromCookie('Asia/Shanghai')).toBe('Asia/Shanghai');
    expect(timeZoneFromCookie('UTC')).toBe('UTC');
  });

  it.each([undefined, '', 'Mars/Olympus', 'Asia/Shanghai; Path=/', '<script>', 'A'.repeat(65)])('refuses %j', (value) => {
    expect(timeZoneFromCookie(value)).toBeUndefined();
  });
});

describe('formatTime and formatDateTime in a given zone', () => {
  const at = '2026-11-27T07:05:00.000Z';
  it('says the same instant in the zone asked for', () => {
    expect(formatTime(at, 'en', 'UTC')).toBe('7:05 AM');
    expect(formatTime(at, 'en', 'Asia/Shanghai')).toBe('3:05 PM');
    expect(formatDateTime(at, 'zh', 'Asia/Shanghai')).toContain('15:05');
  });
});
