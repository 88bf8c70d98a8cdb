import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileTestToken, OUTPUT_FILE } from './compile-test-token';

describe('server/demo/TestToken.json', () => {
  it('is what solc compiles from TestToken.sol (regenerate: npx tsx tests/chain/compile-test-token.ts)', async () => {
    const committed = JSON.parse(readFileSync(OUTPUT_FILE, 'utf8')) as { bytecode: string; abi: unknown[] };
    const compiled = await compileTestToken();
    expect(committed.bytecode).toBe(compiled.bytecode);
    expect(committed.abi).toEqual(compiled.abi);
  });
});
