import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { spawnAnvil } from '../../server/demo/spawn-anvil';
import {
  createPublicClient,
  createTestClient,
  getAddress,
  http,
  publicActions,
  walletActions,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';

/**
 * A real anvil node for a test file: the binary of @foundry-rs/anvil's platform package (the
 * package's own launcher resolves `@foundry-rs/anvil-<os>-<cpu>/bin/anvil` the same way), on a
 * port of its own choosing, with the well-known test mnemonic. Not a mock: blocks, logs and reorganisations are
 * anvil's own.
 */
const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';

export { anvilBinary } from '../../server/demo/anvil-binary';

export interface Anvil {
  url: string;
  client: ReturnType<typeof testClient>;
  stop(): Promise<void>;
}

function testClient(url: string) {
  return createTestClient({ mode: 'anvil', chain: foundry, transport: http(url), account: mnemonicToAccount(ANVIL_MNEMONIC) })
    .extend(publicActions)
    .extend(walletActions);
}

export async function startAnvil(): Promise<Anvil> {
  // Port 0: anvil binds a free port itself and says which, so two test files started at once can
  // never race for one port (and talk to each other's node).
  // It ends with the test's process, even one killed at a time limit (server/demo/spawn-anvil.ts).
  const child: ChildProcess = spawnAnvil(['--port', '0', '--host', '127.0.0.1', '--mnemonic', ANVIL_MNEMONIC]);
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`anvil did not start: ${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Listening on 127\.0\.0\.1:(\d+)/.exec(output);
      if (listening) {
        clearTimeout(timer);
        child.stdout?.off('data', read);
        // Anvil logs every request; nothing reads it from here on.
        child.stdout?.resume();
        resolve(Number(listening[1]));
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`anvil exited: ${output}`));
    });
  });
  const url = `http://127.0.0.1:${port}`;
  const probe = createPublicClient({ chain: foundry, transport: http(url, { retryCount: 0 }) });
  await probe.getChainId();
  return {
    url,
    client: testClient(url),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const compiled = JSON.parse(readFileSync(new URL('../../server/demo/TestToken.json', import.meta.url), 'utf8')) as { abi: Abi; bytecode: Hex };

/** Deploys the test ERC-20 with `decimals` and mines it; returns its address. */
export async function deployToken(anvil: Anvil, decimals: number, symbol = 'USDT'): Promise<Address> {
  const hash = await anvil.client.deployContract({ abi: compiled.abi, bytecode: compiled.bytecode, args: [`Test ${symbol}`, symbol, decimals] });
  await anvil.client.mine({ blocks: 1 });
  const receipt = await anvil.client.waitForTransactionReceipt({ hash });
  if (!receipt.contractAddress) throw new Error('token was not deployed');
  return getAddress(receipt.contractAddress);
}

/** Mints `amount` base units straight to `to` (a Transfer from the zero address, as a deposit looks). */
export async function mintTo(anvil: Anvil, token: Address, to: Address, amount: bigint): Promise<Hex> {
  return anvil.client.writeContract({ address: token, abi: compiled.abi, functionName: 'mint', args: [to, amount] });
}

/** Sends `amount` base units from the node's first account (which holds a minted float) to `to`. */
export async function transferTo(anvil: Anvil, token: Address, to: Address, amount: bigint): Promise<Hex> {
  return anvil.client.writeContract({ address: token, abi: compiled.abi, functionName: 'transfer', args: [to, amount] });
}

/** Sends each `amounts[i]` to `to[i]` in one transaction: one Transfer event each, all in one block. */
export async function batchTransferTo(anvil: Anvil, token: Address, to: readonly Address[], amounts: readonly bigint[]): Promise<Hex> {
  return anvil.client.writeContract({ address: token, abi: compiled.abi, functionName: 'batchTransfer', args: [to, amounts] });
}
