import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { reconciliationReasons } from './finding';

const doc = readFileSync(fileURLToPath(new URL('../../docs/reconciliation.md', import.meta.url)), 'utf8');

describe('docs/reconciliation.md documents every reason code', () => {
  it('one row of the reason-code table per code, and no row for a code the checks do not use', () => {
    const section = doc.slice(doc.indexOf('## Reason codes'), doc.indexOf('## Deadlines'));
    const documented = [...section.matchAll(/^\| `([a-z_]+)` \|/gm)].map(([, code]) => code);
    expect(documented.sort()).toEqual([...reconciliationReasons].sort());
  });
});
