import { describe, expect, it } from 'vitest';
import { langFromCookie, preferredLanguage } from './language';

describe('preferredLanguage', () => {
  it.each([
    [null, 'en'],
    ['', 'en'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh'],
    ['zh-TW', 'zh'],
    ['en-US,en;q=0.9,zh-CN;q=0.8', 'en'],
    ['fr-FR,fr;q=0.9,zh;q=0.8,en;q=0.5', 'zh'],
    ['fr-FR,fr;q=0.9', 'en'],
    ['en;q=0.5, zh;q=0.7', 'zh'],
    ['zh;q=0, en', 'en'],
    ['zh;q=abc, en;q=0.1', 'en'],
    ['*', 'en'],
  ] as const)('%s -> %s', (header, expected) => {
    expect(preferredLanguage(header)).toBe(expected);
  });
});

describe('langFromCookie', () => {
  it('accepts only the two languages', () => {
    expect(langFromCookie('zh')).toBe('zh');
    expect(langFromCookie('en')).toBe('en');
    expect(langFromCookie('fr')).toBeUndefined();
    expect(langFromCookie(undefined)).toBeUndefined();
  });
});
