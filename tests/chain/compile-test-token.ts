/**
 * Compiles server/demo/TestToken.sol with the solc package (the compiler as WebAssembly, no
 * download) and writes TestToken.json: the ABI and creation bytecode the chain tests deploy.
 * `npx tsx tests/chain/compile-test-token.ts`; test-token.test.ts checks the two still agree.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SOURCE_FILE = fileURLToPath(new URL('../../server/demo/TestToken.sol', import.meta.url));
export const OUTPUT_FILE = fileURLToPath(new URL('../../server/demo/TestToken.json', import.meta.url));

export interface CompiledToken {
  compiler: string;
  abi: unknown[];
  bytecode: `0x${string}`;
}

export async function compileTestToken(): Promise<CompiledToken> {
  const solc = (await import('solc')).default as { compile(input: string): string; version(): string };
  const input = {
    language: 'Solidity',
    sources: { 'TestToken.sol': { content: readFileSync(SOURCE_FILE, 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      // No metadata hash: the bytecode then depends on the source alone, not on its path or comments' bytes.
      metadata: { bytecodeHash: 'none' },
      outputSelection: { '*': { TestToken: ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join('\n'));
  const contract = output.contracts['TestToken.sol']!.TestToken!;
  return { compiler: solc.version(), abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const compiled = await compileTestToken();
  writeFileSync(OUTPUT_FILE, `${JSON.stringify(compiled, null, 2)}\n`);
  console.log(`wrote ${OUTPUT_FILE} (${(compiled.bytecode.length - 2) / 2} bytes, solc ${compiled.compiler})`);
}
