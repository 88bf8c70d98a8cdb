import { tronAddressToHex } from '../../chains/tron/address';
import { TronNodeApi, TronNodeError, type TronNodeOptions } from '../../chains/tron/node-api';
import { TronReader } from '../../chains/tron/reader';

/** The newest block as the signer uses it: TaPoS reference, confirmations and the chain's clock. */
export interface TronHead {
  number: bigint;
  blockId: string;
  /** The block's time (ms since the epoch): the clock a transaction's expiration is judged by. */
  timestamp: number;
}

/** A transaction in a block: where, whether the contract call succeeded, and what it burnt. */
export interface TronInclusion {
  blockNumber: bigint;
  success: boolean;
  /** TRX burnt for bandwidth and energy, in sun. */
  feeSun: bigint;
}

/**
 * What the signer needs from a TRON node: reads, and handing over bytes it already signed.
 * `accepted` from a broadcast covers `DUP_TRANSACTION_ERROR` (the node has these bytes already: a
 * lost answer, or a rebroadcast); `expired` means the node will never take them again, and the
 * signer waits until their absence is provable before signing anew; `refused` is any other refusal,
 * retried with the same bytes.
 */
export interface TronSendNode {
  head(): Promise<TronHead>;
  /** A block's time (ms since the epoch); throws when the node has no such block. */
  blockTime(number: bigint): Promise<number>;
  transactionInfo(txId: string): Promise<TronInclusion | null>;
  broadcast(signedHex: string): Promise<{ outcome: 'accepted' | 'expired' } | { outcome: 'refused'; code: string }>;
  tokenBalance(token: string, address: string): Promise<bigint>;
  trxBalance(address: string): Promise<bigint>;
}

export function tronSendNode(options: TronNodeOptions): TronSendNode {
  const api = new TronNodeApi(options);
  const reader = new TronReader(options);
  return {
    async head() {
      const block = await api.getBlock(undefined, false);
      if (!block) throw new TronNodeError('/wallet/getblock', 'the node has no block yet');
      // A TRON block id begins with its number (8 bytes).
      const number = BigInt(block.block_header.raw_data.number ?? `0x${block.blockID.slice(0, 16)}`);
      return { number, blockId: block.blockID.toLowerCase(), timestamp: block.block_header.raw_data.timestamp };
    },
    async blockTime(number) {
      const block = await api.getBlock(number, false);
      if (!block || BigInt(`0x${block.blockID.slice(0, 16)}`) !== number) throw new TronNodeError('/wallet/getblock', 'the node has no such block');
      return block.block_header.raw_data.timestamp;
    },
    async transactionInfo(txId) {
      const info = await api.getTransactionInfoById(txId);
      if (!info) return null;
      if (info.blockNumber === undefined) throw new TronNodeError('/wallet/gettransactioninfobyid', 'a transaction info without its block');
      // The node's own rule for a contract call: no FAILED result and a SUCCESS receipt.
      return { blockNumber: BigInt(info.blockNumber), success: info.result !== 'FAILED' && info.receipt?.result === 'SUCCESS', feeSun: BigInt(info.fee ?? 0) };
    },
    async broadcast(signedHex) {
      const answer = await api.broadcastHex(signedHex);
      if (answer.result === true || answer.code === 'DUP_TRANSACTION_ERROR') return { outcome: 'accepted' };
      if (answer.code === 'TRANSACTION_EXPIRATION_ERROR') return { outcome: 'expired' };
      return { outcome: 'refused', code: (answer.code ?? 'no code').slice(0, 64) };
    },
    tokenBalance: (token, address) => reader.tokenBalance(token, address),
    trxBalance: (address) => api.getAccountBalance(tronAddressToHex(address)),
  };
}
