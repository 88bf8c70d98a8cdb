import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import type { ChainReader, TokenTransfer } from '../chain-adapter';
import { canonicalTronAddress, tronAddressFromEvmBytes, tronAddressToEvmBytes, tronAddressToHex } from './address';
import { TronNodeApi, TronNodeError, type TronBlock, type TronNodeOptions, type TronTransactionInfo } from './node-api';

/**
 * Reads TRC-20 transfers, blocks and balances from a TRON full node's HTTP API (docs/wallet-tron.md,
 * "Reading the chain"). It needs no event server: transfers come from the execution results of
 * each block of the range (`/wallet/gettransactioninfobyblocknum`), so a java-tron node of one's
 * own serves it as well as TronGrid does.
 *
 * A transfer's `logIndex` is the position of its log among the logs of its transaction (TRON
 * numbers logs per transaction, not per block); with the txID it names the transfer uniquely.
 * Block hashes and txIDs are 64 lower-case hex characters without 0x, as TRON writes them;
 * addresses are base58check (`T...`).
 */

/** keccak256("Transfer(address,address,uint256)"): topic 0 of an ERC-20/TRC-20 Transfer log. */
const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** keccak256("balanceOf(address)")[0..4] is what the node computes from this selector. */
const BALANCE_OF = 'balanceOf(address)';

export interface TronReaderOptions extends TronNodeOptions {
  /** The most blocks one `tokenTransfers` call may span: one node call per block. */
  maxBlockRange?: number;
  /** How many blocks are read at once. */
  concurrency?: number;
}

const DEFAULT_MAX_BLOCK_RANGE = 100;
const DEFAULT_CONCURRENCY = 4;

export class TronReader implements ChainReader {
  readonly family = 'tron' as const;
  private readonly node: TronNodeApi;
  private readonly maxBlockRange: number;
  private readonly concurrency: number;

  constructor(options: TronReaderOptions) {
    this.node = new TronNodeApi(options);
    this.maxBlockRange = options.maxBlockRange ?? DEFAULT_MAX_BLOCK_RANGE;
    this.concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  }

  async headHeight(): Promise<bigint> {
    const block = await this.node.getBlock(undefined, false);
    if (!block) throw new TronNodeError('/wallet/getblock', 'the node has no block yet');
    return blockNumber(block);
  }

  async blockHash(height: bigint): Promise<string | null> {
    if (height < 0n) return null;
    const block = await this.node.getBlock(height, false);
    if (!block) return null;
    return checkedBlockId(block, height);
  }

  async tokenTransfers(query: { token: string; to: ReadonlySet<string>; fromBlock: bigint; toBlock: bigint }): Promise<TokenTransfer[]> {
    const { fromBlock, toBlock } = query;
    if (fromBlock < 0n || toBlock < fromBlock) throw new RangeError('the block range is fromBlock <= toBlock, both from 0');
    if (toBlock - fromBlock + 1n > BigInt(this.maxBlockRange)) {
      throw new RangeError(`a TRON block range spans at most ${this.maxBlockRange} blocks`);
    }
    const token = canonicalTronAddress(query.token);
    if (!token) throw new Error('the token is not a TRON address');
    const tokenEvmHex = bytesToHex(tronAddressToEvmBytes(token));
    if (query.to.size === 0) return [];

    // A node answers [] for a block it does not have yet, which would read as "no transfers" and
    // let the watcher move past them: refuse a range beyond the node's head instead.
    const head = await this.headHeight();
    if (toBlock > head) throw new TronNodeError('/wallet/getblock', `block ${toBlock} is beyond the node's head (${head})`);

    const heights: bigint[] = [];
    for (let height = fromBlock; height <= toBlock; height++) heights.push(height);
    const perBlock = await mapLimited(heights, this.concurrency, async (height) => {
      const infos = await this.node.getTransactionInfoByBlockNum(height);
      const found = infos.flatMap((info) => transfersIn(info, tokenEvmHex, token, query.to, height));
      if (found.length === 0) return [];
      return this.withBlockHash(height, found);
    });
    return perBlock.flat();
  }

  async tokenBalance(token: string, address: string): Promise<bigint> {
    const tokenHex = tronAddressToHex(token);
    const ownerHex = tronAddressToHex(address);
    const call = await this.node.triggerConstantContract({
      // A view call needs a caller; the account asked about serves (it need not be activated).
      ownerAddress: ownerHex,
      contractAddress: tokenHex,
      functionSelector: BALANCE_OF,
      parameter: ownerHex.slice(2).padStart(64, '0'),
    });
    const endpoint = '/wallet/triggerconstantcontract';
    if (call.result?.result !== true) throw new TronNodeError(endpoint, `the call was refused (${call.result?.code ?? 'no code'})`);
    if (call.transaction?.ret?.some((ret) => ret.ret === 'FAILED')) throw new TronNodeError(endpoint, 'balanceOf reverted');
    const word = call.constant_result?.[0];
    if (word === undefined || word.length !== 64) throw new TronNodeError(endpoint, 'balanceOf returned no 32-byte word');
    return BigInt(`0x${word}`);
  }

  /**
   * The transfers with their block's hash. The hash comes from the block with its transactions
   * (`detail: true`), and every transfer's transaction must be in it: a block replaced between the
   * two calls (a fork, or another node behind a load balancer) fails the read instead of pairing a
   * transfer with a hash it is not in.
   */
  private async withBlockHash(height: bigint, found: Array<Omit<TokenTransfer, 'blockHash'>>): Promise<TokenTransfer[]> {
    const block = await this.node.getBlock(height, true);
    if (!block) throw new TronNodeError('/wallet/getblock', `block ${height} vanished while it was read`);
    const blockHash = checkedBlockId(block, height);
    const txIds = new Set((block.transactions ?? []).map((transaction) => transaction.txID.toLowerCase()));
    for (const transfer of found) {
      if (!txIds.has(transfer.txHash)) throw new TronNodeError('/wallet/getblock', `block ${height} changed while it was read`);
    }
    return found.map((transfer) => ({ ...transfer, blockHash }));
  }
}

/**
 * The TRC-20 Transfer logs of one transaction that `token` emitted to one of `to`. A failed
 * transaction's logs are never read (the node's docs: check the result first). A log that is not
 * a standard Transfer (three topics, a 32-byte amount, addresses in the low 20 bytes) is skipped.
 */
function transfersIn(info: TronTransactionInfo, tokenEvmHex: string, token: string, to: ReadonlySet<string>, height: bigint): Array<Omit<TokenTransfer, 'blockHash'>> {
  if (info.result === 'FAILED' || info.receipt?.result !== 'SUCCESS') return [];
  if (info.blockNumber !== undefined && BigInt(info.blockNumber) !== height) {
    throw new TronNodeError('/wallet/gettransactioninfobyblocknum', `a transaction of block ${height} says it is in block ${info.blockNumber}`);
  }
  const transfers: Array<Omit<TokenTransfer, 'blockHash'>> = [];
  (info.log ?? []).forEach((log, logIndex) => {
    if (log.address?.toLowerCase() !== tokenEvmHex) return;
    const topics = (log.topics ?? []).map((topic) => topic.toLowerCase());
    if (topics.length !== 3 || topics[0] !== TRANSFER_TOPIC) return;
    const from = addressWord(topics[1]!);
    const recipient = addressWord(topics[2]!);
    if (!from || !recipient || !to.has(recipient)) return;
    if (log.data?.length !== 64) return;
    transfers.push({
      txHash: info.id.toLowerCase(),
      logIndex,
      blockNumber: height,
      token,
      from,
      to: recipient,
      amount: BigInt(`0x${log.data}`),
    });
  });
  return transfers;
}

/** The base58 address in an ABI address word (12 zero bytes, then 20), or null when it is not one. */
function addressWord(word: string): string | null {
  if (word.length !== 64 || !/^0{24}/.test(word)) return null;
  return tronAddressFromEvmBytes(hexToBytes(word.slice(24)));
}

function blockNumber(block: TronBlock): bigint {
  return BigInt(block.block_header.raw_data.number ?? 0);
}

/** A block's id, checked to be the block asked for: a TRON block id starts with the block's number (8 bytes). */
function checkedBlockId(block: TronBlock, height: bigint): string {
  const id = block.blockID.toLowerCase();
  if (blockNumber(block) !== height || BigInt(`0x${id.slice(0, 16)}`) !== height) {
    throw new TronNodeError('/wallet/getblock', `asked for block ${height}, the node answered another`);
  }
  return id;
}

/** `map` with at most `limit` calls in flight; results in input order; the first failure fails it. */
async function mapLimited<T, R>(items: readonly T[], limit: number, map: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await map(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
