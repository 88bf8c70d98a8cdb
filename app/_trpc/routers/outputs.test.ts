import { describe, expect, it } from 'vitest';
import { appRouter } from '../root';

/**
 * Every procedure declares what it answers (issue #31): tRPC parses the result with that schema
 * before it leaves the server, so a field no schema names (a card number, a payer's name) is
 * stripped, and a value of the wrong shape fails on the server instead of in a page.
 */
describe('tRPC outputs', () => {
  it('every procedure of the root router declares an output schema', () => {
    const procedures: [string, unknown][] = Object.entries(appRouter._def.procedures);
    expect(procedures.length).toBeGreaterThan(200);
    const undeclared = procedures.filter(([, procedure]) => (procedure as { _def: { output?: unknown } })._def.output === undefined).map(([name]) => name);
    expect(undeclared).toEqual([]);
  });
});
