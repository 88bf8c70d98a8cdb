import { defineChain } from 'viem';

/**
 * The demo chain as viem describes a chain: anvil's default chain id, and its native coin, which
 * only pays the demo's gas. Defined here rather than taken from `viem/chains`, whose catalogue of
 * every known chain loads some 700 modules, about 7 MB of heap, for this one entry
 * (docs/performance.md, "Memory"). The RPC address each client uses is its own transport's.
 */
export const anvilChain = defineChain({
  id: 31_337,
  name: 'Anvil',
  nativeCurrency: { decimals: 18, name: 'Ether', symbol: 'ETH' },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
});
