import type { ChainConfig } from '../chains/chains';
import { chainLagBlocks } from '../metrics/chain-metrics';

/**
 * Each configured chain's watcher lag in blocks as this process's watcher last measured it
 * (`corridor_chain_watcher_lag_blocks`, docs/operations.md): null where no tick has run here (the
 * watcher off on this node, or not yet started).
 */
export async function watcherLag(chains: readonly ChainConfig[]): Promise<{ chain: string; name: string; lagBlocks: number | null }[]> {
  const { values } = await chainLagBlocks.get();
  return chains.map((chain) => ({
    chain: chain.key,
    name: chain.name,
    lagBlocks: values.find((value) => value.labels.chain === chain.key)?.value ?? null,
  }));
}
