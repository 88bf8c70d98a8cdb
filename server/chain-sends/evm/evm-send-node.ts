import { createPublicClient, encodeFunctionData, getAddress, http, parseAbi, type Hex, type PublicClient } from 'viem';

const ERC20 = parseAbi(['function transfer(address to, uint256 value) returns (bool)', 'function balanceOf(address owner) view returns (uint256)']);

/** What the signer needs from an EVM node: reads, and handing over bytes it already signed. */
export interface EvmSendNode {
  chainId(): Promise<number>;
  head(): Promise<bigint>;
  /** Transactions of `address` mined so far (the nonce the next one must have, ignoring the pool). */
  minedNonce(address: string): Promise<bigint>;
  pendingNonce(address: string): Promise<bigint>;
  fees(): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }>;
  receipt(hash: string): Promise<{ status: 'success' | 'reverted'; blockNumber: bigint; gasUsed: bigint; effectiveGasPrice: bigint } | null>;
  /**
   * eth_sendRawTransaction of stored bytes. `accepted` covers a node that already holds them;
   * `nonce_too_low` means that nonce is used: by one of our attempts (the caller looks for its receipt)
   * or, never expected, by a transaction made outside the signer.
   */
  sendRaw(raw: Hex): Promise<'accepted' | 'nonce_too_low'>;
  tokenBalance(token: string, address: string): Promise<bigint>;
  nativeBalance(address: string): Promise<bigint>;
  /** eth_estimateGas of a call from `from`; throws when the node cannot (e.g. it would revert). */
  estimateGas(call: { from: string; to: string; data?: Hex; value?: bigint }): Promise<bigint>;
}

/** ERC-20 transfer(to, value) calldata. */
export function transferCalldata(to: string, value: bigint): Hex {
  return encodeFunctionData({ abi: ERC20, functionName: 'transfer', args: [getAddress(to), value] });
}

// Nodes word these differently: geth "already known", anvil "transaction already imported",
// others "known transaction".
const ALREADY_KNOWN = /already known|already imported|known transaction|alreadyknown/i;
const NONCE_TOO_LOW = /nonce too low|nonce has already been used|oldnonce/i;

export function evmSendNode(options: { rpcUrl: string; timeoutMs?: number }): EvmSendNode {
  // No retries for the send itself: a lost answer is settled by the receipt, not a blind repeat.
  const client: PublicClient = createPublicClient({ transport: http(options.rpcUrl, { timeout: options.timeoutMs ?? 15_000, retryCount: 0 }) });
  return {
    chainId: () => client.getChainId(),
    head: () => client.getBlockNumber({ cacheTime: 0 }),
    minedNonce: async (address) => BigInt(await client.getTransactionCount({ address: getAddress(address), blockTag: 'latest' })),
    pendingNonce: async (address) => BigInt(await client.getTransactionCount({ address: getAddress(address), blockTag: 'pending' })),
    async fees() {
      // Twice the base fee leaves room for six full blocks of base-fee rises before it is mined.
      const block = await client.getBlock({ blockTag: 'latest' });
      const maxPriorityFeePerGas = await client.estimateMaxPriorityFeePerGas();
      return { maxFeePerGas: (block.baseFeePerGas ?? 0n) * 2n + maxPriorityFeePerGas, maxPriorityFeePerGas };
    },
    async receipt(hash) {
      const receipt = await client.request({ method: 'eth_getTransactionReceipt', params: [hash as Hex] });
      if (!receipt || receipt.blockNumber === null) return null;
      return {
        status: receipt.status === '0x1' ? 'success' : 'reverted',
        blockNumber: BigInt(receipt.blockNumber),
        gasUsed: BigInt(receipt.gasUsed),
        effectiveGasPrice: BigInt(receipt.effectiveGasPrice),
      };
    },
    async sendRaw(raw) {
      try {
        await client.request({ method: 'eth_sendRawTransaction', params: [raw] });
        return 'accepted';
      } catch (error) {
        const text = errorText(error);
        if (ALREADY_KNOWN.test(text)) return 'accepted';
        if (NONCE_TOO_LOW.test(text)) return 'nonce_too_low';
        throw error;
      }
    },
    tokenBalance: (token, address) => client.readContract({ address: getAddress(token), abi: ERC20, functionName: 'balanceOf', args: [getAddress(address)] }),
    nativeBalance: (address) => client.getBalance({ address: getAddress(address) }),
    estimateGas: (call) => client.estimateGas({ account: getAddress(call.from), to: getAddress(call.to), data: call.data, value: call.value }),
  };
}

/** The node's words, wherever viem put them (details, cause, message). */
function errorText(error: unknown): string {
  const parts: string[] = [];
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    parts.push(current.message);
    if ('details' in current && typeof current.details === 'string') parts.push(current.details);
  }
  return parts.join(' | ');
}
