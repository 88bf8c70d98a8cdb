import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { errorCodes } from './codes';

/**
 * docs/errors.md is where integrators and operators look a code up, so its tables must say exactly
 * what `errorCodes` answers: a code missing from the doc is undocumented behaviour, a code only in
 * the doc is a promise the product does not keep.
 */
function readDoc(name: string): string {
  return readFileSync(fileURLToPath(new URL(`../../docs/${name}`, import.meta.url)), 'utf8');
}

/** Rows `| 404 | ORDER_NOT_FOUND | ... |` (the code with or without backticks), in order. */
function errorRows(markdown: string): { status: number; code: string }[] {
  return [...markdown.matchAll(/^\|\s*(\d{3})\s*\|\s*`?([A-Z][A-Z0-9_]*)`?\s*\|/gm)].map(([, status, code]) => ({
    status: Number(status),
    code: code!,
  }));
}

describe('docs/errors.md lists exactly the error codes of server/errors/codes.ts', () => {
  const rows = errorRows(readDoc('errors.md'));

  it('names each code once', () => {
    const codes = rows.map((row) => row.code);
    const repeated = codes.filter((code, index) => codes.indexOf(code) !== index);
    expect(repeated, 'codes listed more than once').toEqual([]);
  });

  it('has every code of the code, with its HTTP status', () => {
    const documented = Object.fromEntries(rows.map((row) => [row.code, row.status]));
    const missing = Object.entries(errorCodes).filter(([code, status]) => documented[code] !== status);
    expect(missing.map(([code, status]) => `${status} ${code}`), 'codes missing from the doc or with another status').toEqual([]);
  });

  it('has no code the code lacks', () => {
    const unknown = rows.filter((row) => !(row.code in errorCodes));
    expect(unknown.map((row) => `${row.status} ${row.code}`), 'codes only in the doc').toEqual([]);
  });
});

describe('the error table of docs/api.md agrees with server/errors/codes.ts', () => {
  const section = readDoc('api.md').split(/^## /m).find((part) => part.startsWith('Errors\n')) ?? '';
  const rows = errorRows(section);

  it('lists the merchant codes, each with the status the code answers with', () => {
    expect(rows.length).toBeGreaterThan(0);
    const wrong = rows.filter((row) => errorCodes[row.code as keyof typeof errorCodes] !== row.status);
    expect(wrong.map((row) => `${row.status} ${row.code}`)).toEqual([]);
  });
});
