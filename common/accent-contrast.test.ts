import { describe, expect, it } from 'vitest';
import { BLACK, contrastRatio, textOnAccent, WHITE } from './accent-contrast';

describe('the text colour on a merchant accent', () => {
  it('is white on dark accents and black on pale ones', () => {
    expect(textOnAccent('#1849c6')).toBe(WHITE);
    expect(textOnAccent('#000000')).toBe(WHITE);
    expect(textOnAccent('#ffd400')).toBe(BLACK);
    expect(textOnAccent('#ffffff')).toBe(BLACK);
  });

  it('reaches WCAG AA (4.5:1) on every colour of a 16-step grid, mid greys included', () => {
    const steps = Array.from({ length: 16 }, (_, index) => (index * 17).toString(16).padStart(2, '0'));
    let worst = Infinity;
    for (const r of steps) for (const g of steps) for (const b of steps) {
      const accent = `#${r}${g}${b}`;
      worst = Math.min(worst, contrastRatio(accent, textOnAccent(accent)));
    }
    expect(worst).toBeGreaterThanOrEqual(4.5);
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio(WHITE, BLACK)).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', WHITE)).toBeCloseTo(4.48, 2);
  });
});
