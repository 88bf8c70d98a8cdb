/**
 * The demo's own blockchain as this process started it (server/demo/start-demo-chain.ts,
 * docs/wallet.md "The demo chain"), shared through globalThis: the custom server starts the
 * chain, Next's bundle sends test USDT on it.
 */
export interface DemoChain {
  chainKey: string;
  rpcUrl: string;
  token: `0x${string}`;
  funder: `0x${string}`;
}

const holderKey = Symbol.for('corridor.demo-chain');
type Holder = { [holderKey]?: DemoChain };

/** The demo chain this process started, if any. */
export function demoChain(): DemoChain | undefined {
  return (globalThis as Holder)[holderKey];
}

export function setDemoChain(chain: DemoChain): void {
  (globalThis as Holder)[holderKey] = chain;
}
