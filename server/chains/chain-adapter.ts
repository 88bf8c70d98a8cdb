/**
 * What Corridor needs from a blockchain, one implementation per chain family (EVM, TRON). The
 * watcher, the deposit addresses and the solvency check speak only this interface; a family's
 * library (viem, tronweb) stays inside its adapter. Amounts here are the token's own base units
 * (bigint); converting them to the ledger's 6-decimal USDT is `token-amount.ts`'s job.
 *
 * Reading never needs a key. Signing (for withdrawals) is not here: it belongs to the signer
 * process alone (docs/wallet.md, "Custody").
 */
export type ChainFamily = 'evm' | 'tron';

/** One token transfer event as the chain reports it: the deposit's identity is (chain, txHash, logIndex). */
export interface TokenTransfer {
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  token: string;
  from: string;
  to: string;
  /** Base units of the token (its own decimals). */
  amount: bigint;
}

export interface ChainReader {
  readonly family: ChainFamily;
  /** The newest block number the node knows. */
  headHeight(): Promise<bigint>;
  /** The hash of the block at this height on the node's current chain, or null beyond the head. */
  blockHash(height: bigint): Promise<string | null>;
  /**
   * Transfers of `token` to any of `to` in blocks [fromBlock, toBlock], both inclusive. The caller
   * bounds the range (the chain's `maxBlockRange`); addresses are in the family's canonical form.
   */
  tokenTransfers(query: {
    token: string;
    to: ReadonlySet<string>;
    fromBlock: bigint;
    toBlock: bigint;
  }): Promise<TokenTransfer[]>;
  /** The token balance of an address, in base units, at the head. */
  tokenBalance(token: string, address: string): Promise<bigint>;
}

/** Address derivation from an extended public key (no private key ever): same index, same address. */
export interface AddressDeriver {
  readonly family: ChainFamily;
  /** The canonical address (EVM: EIP-55 checksummed; TRON: base58check `T...`) of child `index`. */
  deriveAddress(xpub: string, index: number): string;
  /** The canonical form of an address a user or node gave, or null when it is not one. */
  canonicalAddress(address: string): string | null;
}
