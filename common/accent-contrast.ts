/**
 * The merchant's checkout accent is a background (the page's band and its main button) with text on
 * it. Any colour has black or white text at WCAG contrast 4.5:1 or more (the worst case, a mid grey,
 * still reaches 4.58), so the text colour is derived rather than a colour refused.
 */

function channel(hex: string, offset: number): number {
  const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2 relative luminance of `#rrggbb`. */
function relativeLuminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export const WHITE = '#ffffff';
export const BLACK = '#000000';

/** Black or white, whichever reads better on the accent. */
export function textOnAccent(accent: string): string {
  return contrastRatio(accent, WHITE) >= contrastRatio(accent, BLACK) ? WHITE : BLACK;
}
