import { describe, expect, it } from 'vitest';
import { errorCodeTexts } from './error-code-texts';
import { errorText, fieldError } from './error-text';

const refusal = (code: string, message: string, details: { path: string; message: string }[] = []) => ({ message, data: { code, details } });

describe('a refusal in the page’s words', () => {
  const accent = refusal('VALIDATION_FAILED', 'Some fields need attention.', [{ path: 'settings.checkoutAccentColor', message: 'must be a colour like #1A73E8' }]);

  it('names a refused field by its label, in English with the schema’s words, in Chinese as a sentence of its own', () => {
    expect(errorText(accent, 'en', { checkoutAccentColor: 'Accent colour' })).toBe('Some fields need attention: Accent colour must be a colour like #1A73E8.');
    expect(errorText(accent, 'zh', { checkoutAccentColor: '主题色' })).toBe('请检查“主题色”：填写的值无效。');
    expect(fieldError(accent, 'checkoutAccentColor', 'zh')).toBe('该项的值无效，请检查后重试。');
    expect(fieldError(accent, 'checkoutAccentColor')).toBe('must be a colour like #1A73E8');
  });

  it('never shows the code or a field’s schema name in Chinese', () => {
    for (const error of [accent, refusal('INVALID_ORDER_STATE', 'Order is COMPLETED.'), refusal('SOMETHING_NEW', 'New.')]) {
      const text = errorText(error, 'zh') ?? '';
      expect(text).not.toMatch(/[A-Z]{2,}_[A-Z_]+|checkoutAccentColor/);
      expect(text).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('in English keeps the server’s sentence and drops the code', () => {
    expect(errorText(refusal('CASE_CLAIMED', 'Another operator holds the claim on this dispute.'), 'en')).toBe('Another operator holds the claim on this dispute.');
    expect(errorText(refusal('CASE_CLAIMED', '[{"code":"x"}]'), 'en')).toBe(errorCodeTexts.en.CASE_CLAIMED);
    expect(errorText(null)).toBeNull();
  });

  it('has a sentence in both languages for every code of docs/errors.md', async () => {
    const { readFile } = await import('node:fs/promises');
    const table = await readFile(new URL('../../docs/errors.md', import.meta.url), 'utf8');
    const codes = [...table.matchAll(/^\| \d{3} \| ([A-Z_]+) \|/gm)].map((match) => match[1]!);
    expect(codes.length).toBeGreaterThan(20);
    for (const code of codes) for (const lang of ['en', 'zh'] as const) expect(errorCodeTexts[lang][code], `${lang} ${code}`).toBeTruthy();
  });
});
