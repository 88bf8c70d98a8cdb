import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The code highlighting's colours against the code background, in both themes: every token colour
 * keeps WCAG AA's 4.5:1 (axe's color-contrast rule) on the docs pages. Read from the stylesheets, so
 * a colour changed there is checked here.
 */
const css = (file: string) => readFileSync(fileURLToPath(new URL(`../../${file}`, import.meta.url)), 'utf8');
const globals = css('app/globals.css');
const docs = css('app/(site)/docs/docs.css');

/** The `--name: #rrggbb` values of the first block after `start`, by name. */
function variables(source: string, start: string): Map<string, string> {
  const from = source.indexOf(start);
  const block = source.slice(from, source.indexOf('}', from));
  return new Map([...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map(([, name, value]) => [name!, value!.toLowerCase()]));
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('highlighted code', () => {
  for (const [theme, base, palette] of [
    ['light', variables(globals, ':root {'), variables(docs, '.hljs {')],
    ['dark', variables(globals, '@media (prefers-color-scheme: dark) {'), variables(docs.slice(docs.indexOf('@media (prefers-color-scheme: dark)')), '.hljs {')],
  ] as const) {
    it(`keeps 4.5:1 on the code background in the ${theme} theme`, () => {
      const background = base.get('code-bg');
      expect(background).toMatch(/^#/);
      const tokens = [...palette].filter(([name]) => name.startsWith('hl-') && !name.endsWith('-bg'));
      expect(tokens.length).toBeGreaterThan(5);
      const weak = tokens.filter(([, colour]) => contrast(colour, background!) < 4.5).map(([name, colour]) => `${name} ${colour} ${contrast(colour, background!).toFixed(2)}:1`);
      expect(weak).toEqual([]);
    });
  }
});
