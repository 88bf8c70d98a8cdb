import { BlockNotFoundError, createPublicClient, getAddress, http, parseAbi, parseAbiItem, type PublicClient } from 'viem';
import type { ChainReader, TokenTransfer } from '../chain-adapter';

/** ERC-20's Transfer event: `to` is the second indexed topic, which the node filters on. */
const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
const BALANCE_OF = parseAbi(['function balanceOf(address owner) view returns (uint256)']);

/**
 * Addresses per log query: nodes and providers cap the topics of one filter (some at a few hundred),
 * so a larger set is asked for in chunks of this size.
 */
export const ADDRESS_CHUNK = 200;

export interface EvmReaderOptions {
  rpcUrl: string;
  /** Per request; a slow node fails the tick, the next tick retries from the same cursor. */
  timeoutMs?: number;
}

/**
 * The ChainReader of EVM chains (Ethereum, BNB Smart Chain, a local anvil), over JSON-RPC with viem.
 * Reads only; no key is ever handed to it.
 */
export function evmChainReader(options: EvmReaderOptions): ChainReader {
  const client: PublicClient = createPublicClient({
    transport: http(options.rpcUrl, { timeout: options.timeoutMs ?? 15_000, retryCount: 2 }),
  });
  return {
    family: 'evm',
    async headHeight() {
      return client.getBlockNumber({ cacheTime: 0 });
    },
    async blockHash(height) {
      try {
        const block = await client.getBlock({ blockNumber: height, includeTransactions: false });
        return block.hash;
      } catch (error) {
        if (error instanceof BlockNotFoundError) return null;
        throw error;
      }
    },
    async tokenTransfers({ token, to, fromBlock, toBlock }) {
      if (to.size === 0 || fromBlock > toBlock) return [];
      const addresses = [...to].map((address) => getAddress(address));
      const transfers: TokenTransfer[] = [];
      for (let start = 0; start < addresses.length; start += ADDRESS_CHUNK) {
        const logs = await client.getLogs({
          address: getAddress(token),
          event: TRANSFER,
          args: { to: addresses.slice(start, start + ADDRESS_CHUNK) },
          fromBlock,
          toBlock,
          strict: true,
        });
        for (const log of logs) {
          // A pending or removed log is not a transfer the chain holds.
          if (log.removed || log.blockHash === null || log.blockNumber === null || log.transactionHash === null || log.logIndex === null) continue;
          transfers.push({
            txHash: log.transactionHash,
            logIndex: log.logIndex,
            blockNumber: log.blockNumber,
            blockHash: log.blockHash,
            token: getAddress(log.address),
            from: getAddress(log.args.from),
            to: getAddress(log.args.to),
            amount: log.args.value,
          });
        }
      }
      return transfers.sort((a, b) => (a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1));
    },
    async tokenBalance(token, address) {
      return client.readContract({ address: getAddress(token), abi: BALANCE_OF, functionName: 'balanceOf', args: [getAddress(address)] });
    },
  };
}
