import { readFileSync } from 'node:fs';
import { createWalletClient, getAddress, http, publicActions, type Abi, type Address, type Hex } from 'viem';
import { anvilChain } from './anvil-chain';
import type { ChainConfig } from '../chains/chains';
import { anvilBinary } from './anvil-binary';
import { spawnAnvil } from './spawn-anvil';
import { setDemoChain } from './demo-chain';

/**
 * The demo's own blockchain (docs/wallet.md, "The demo chain"): a local anvil node started by
 * `npm start` in demo mode, a test USDT deployed on it, and the chain configured for the watcher,
 * so a newcomer can send test USDT to a deposit address and watch it arrive, count confirmations
 * and credit. Anvil signs for its own development accounts (eth_sendTransaction), so no key is
 * held here. Production refuses local networks (server/chains/chains.ts).
 */
const DEMO_MNEMONIC = 'test test test test test test test test test test test junk';
/**
 * The deposit addresses' account-level xpub (m/44'/60'/0') of another well-known test mnemonic
 * ("abandon … about"), only public as on any node. Not DEMO_MNEMONIC's: its addresses are anvil's
 * own accounts, the funder first, whose float would land on the first owner's deposit address.
 */
const DEMO_EVM_XPUB = 'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt';
/** Anvil's account 0 of the mnemonic: deploys the token and funds the demo's test deposits. */
const FUNDER: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
/** The funder's float: 10 million test USDT (6 decimals). */
const FLOAT = 10_000_000n * 1_000_000n;

const compiled = () => JSON.parse(readFileSync(new URL('./TestToken.json', import.meta.url), 'utf8')) as { abi: Abi; bytecode: Hex };

/**
 * Starts anvil (a block a second, so confirmations count up by themselves), deploys the test USDT,
 * mints the funder's float and returns the chain's configuration. Undefined with the reason when
 * anvil is not installed or does not start: the demo then runs without a chain.
 */
export async function startDemoChain(options: { port?: number } = {}): Promise<{ chain: ChainConfig; xpub: string } | { reason: string }> {
  if (!anvilBinary()) return { reason: 'anvil is not installed (@foundry-rs/anvil is a devDependency)' };
  // Ends with this process, even one killed -9 (server/demo/spawn-anvil.ts).
  const child = spawnAnvil(['--port', String(options.port ?? 0), '--host', '127.0.0.1', '--mnemonic', DEMO_MNEMONIC, '--block-time', '1']);
  let output = '';
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('anvil did not start in 20 s')), 20_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const listening = /Listening on 127\.0\.0\.1:(\d+)/.exec(output);
        if (listening) {
          clearTimeout(timer);
          child.stdout?.off('data', read);
          child.stdout?.resume();
          resolve(Number(listening[1]));
        }
      };
      child.stdout?.on('data', read);
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once('exit', () => {
        clearTimeout(timer);
        reject(new Error('anvil exited'));
      });
    });
    const rpcUrl = `http://127.0.0.1:${port}`;
    const client = createWalletClient({ chain: anvilChain, transport: http(rpcUrl), account: FUNDER }).extend(publicActions);
    const { abi, bytecode } = compiled();
    const deployed = await client.waitForTransactionReceipt({ hash: await client.deployContract({ abi, bytecode, args: ['Demo USDT', 'USDT', 6] }) });
    if (!deployed.contractAddress) throw new Error('the test USDT was not deployed');
    const token = getAddress(deployed.contractAddress);
    await client.waitForTransactionReceipt({ hash: await client.writeContract({ address: token, abi, functionName: 'mint', args: [FUNDER, FLOAT] }) });
    // Each start is a new chain (anvil keeps nothing), so a key of its own: what the last run's
    // chain recorded is never compared with this one's blocks (as a reorganisation would be).
    const chainKey = `demo-${Date.now().toString(36)}`;
    setDemoChain({ chainKey, rpcUrl, token, funder: FUNDER });
    return {
      xpub: DEMO_EVM_XPUB,
      chain: {
        key: chainKey,
        family: 'evm',
        name: 'Local demo chain (anvil)',
        network: 'local',
        tokens: { USDT: { contract: token, decimals: 6 } },
        confirmations: 3,
        pollIntervalMs: 1_000,
        maxBlockRange: 100,
        minimumDeposit: '1',
        rpcUrl,
      },
    };
  } catch (error) {
    child.kill('SIGTERM');
    return { reason: error instanceof Error ? error.message : 'anvil did not start' };
  }
}
