import type { ChainReader } from './chain-adapter';
import type { ChainConfig } from './chains';
import { evmChainReader } from './evm/evm-chain-reader';
import { TronReader } from './tron/reader';

/** The reader of a configured chain, by its family: what the watcher scans with. */
export function chainReaderFor(chain: ChainConfig): ChainReader {
  switch (chain.family) {
    case 'evm':
      return evmChainReader({ rpcUrl: chain.rpcUrl });
    case 'tron':
      return new TronReader({ url: chain.rpcUrl, maxBlockRange: chain.maxBlockRange });
    default:
      throw new Error(`${chain.key}: no reader for the ${chain.family} chain family`);
  }
}
