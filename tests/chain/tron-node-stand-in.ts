import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { readMessage } from '../../server/chains/tron/protobuf';
import { readSignedTransaction } from '../../server/chains/tron/trc20-transfer';

/**
 * A local stand-in for the part of a java-tron node's HTTP API the signer calls (no TRON node runs
 * in the test environment): blocks made on demand, three seconds of chain time apart; a pool that
 * takes signed transactions through `/wallet/broadcasthex` and answers a txID it has seen with
 * `DUP_TRANSACTION_ERROR` and an expired one with `TRANSACTION_EXPIRATION_ERROR`, as java-tron
 * does; each block takes the pool's unexpired transactions. The answers have the shapes of the
 * node's documentation (server/chains/tron/node-api.ts). A test can drop the reply to a broadcast
 * (after the node took it), hold transactions out of blocks, and make them revert.
 */
interface Block {
  number: bigint;
  blockId: string;
  timestamp: number;
}

interface Known {
  txId: string;
  hex: string;
  expiration: number;
  /** The block the transaction names as its reference (TaPoS), found among this node's blocks. */
  referenceBlock: Block | undefined;
}

export interface TronStandIn {
  url: string;
  blocks: Block[];
  head(): Block;
  /** Makes `count` blocks; each includes the pool's unexpired transactions unless they are held. */
  mine(count?: number): void;
  tokenBalance: bigint;
  trxBalance: bigint;
  /** Replies to this many next broadcasts are dropped (the connection closes) after the node takes the bytes. */
  dropReplies: number;
  /** While true, no transaction enters a block (the pool keeps them until they expire). */
  hold: boolean;
  /** Transactions for which this answers true are included as reverted (receipt REVERT, result FAILED). */
  reverts: (txId: string) => boolean;
  /** Called before a broadcast is answered (and before it is taken). */
  beforeBroadcast?: (txId: string, hex: string) => Promise<void>;
  /** Every broadcast received, in order, with the node's answer code. */
  broadcasts: Array<{ txId: string; hex: string; answer: string }>;
  /** Every transaction broadcast to the node, taken or refused, by txID. */
  known: Map<string, Known>;
  /** The transactions in blocks, by txID. */
  included: Map<string, { block: Block; success: boolean }>;
  close(): Promise<void>;
}

const FEE_SUN = 13_844_850;
const BLOCK_MS = 3_000;

function word(value: bigint): string {
  return value.toString(16).padStart(64, '0');
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? {} : JSON.parse(text);
}

export async function startTronStandIn(options: { startNumber?: bigint; startTime?: number } = {}): Promise<TronStandIn> {
  const pool = new Map<string, Known>();
  const makeBlock = (number: bigint, timestamp: number): Block => ({ number, blockId: number.toString(16).padStart(16, '0') + randomBytes(24).toString('hex'), timestamp });
  const node: TronStandIn = {
    url: '',
    blocks: [makeBlock(options.startNumber ?? 66_000_000n, options.startTime ?? 1_790_000_000_000)],
    head: () => node.blocks.at(-1)!,
    mine(count = 1) {
      for (let i = 0; i < count; i += 1) {
        const previous = node.head();
        const block = makeBlock(previous.number + 1n, previous.timestamp + BLOCK_MS);
        node.blocks.push(block);
        for (const [txId, tx] of pool) {
          // java-tron drops a pending transaction once a block's time reaches its expiration.
          if (tx.expiration <= block.timestamp) {
            pool.delete(txId);
            continue;
          }
          if (node.hold) continue;
          pool.delete(txId);
          node.included.set(txId, { block, success: !node.reverts(txId) });
        }
      }
    },
    tokenBalance: 0n,
    trxBalance: 0n,
    dropReplies: 0,
    hold: false,
    reverts: () => false,
    broadcasts: [],
    known: new Map(),
    included: new Map(),
    close: async () => {},
  };

  const referenceOf = (hex: string): Block | undefined => {
    const raw = readMessage(hexToBytes(hex)).find((field) => field.field === 1)!.value as Uint8Array;
    const fields = readMessage(raw);
    const refBytes = bytesToHex(fields.find((field) => field.field === 1)!.value as Uint8Array);
    const refHash = bytesToHex(fields.find((field) => field.field === 4)!.value as Uint8Array);
    return node.blocks.find((block) => block.blockId.slice(12, 16) === refBytes && block.blockId.slice(16, 32) === refHash);
  };

  const blockJson = (block: Block) => ({ blockID: block.blockId, block_header: { raw_data: { number: Number(block.number), timestamp: block.timestamp }, witness_signature: '00' } });

  async function answer(endpoint: string, body: Record<string, unknown>, response: ServerResponse): Promise<unknown> {
    switch (endpoint) {
      case '/wallet/getblock': {
        if (body.id_or_num === undefined) return blockJson(node.head());
        const block = node.blocks.find((candidate) => candidate.number === BigInt(String(body.id_or_num)));
        return block ? blockJson(block) : {};
      }
      case '/wallet/gettransactioninfobyid': {
        const found = node.included.get(String(body.value));
        if (!found) return {};
        const receipt = { energy_usage_total: 31_895, net_usage: 345, result: found.success ? 'SUCCESS' : 'REVERT' };
        return {
          id: body.value,
          fee: FEE_SUN,
          blockNumber: Number(found.block.number),
          blockTimeStamp: found.block.timestamp,
          contractResult: [''],
          receipt,
          ...(found.success ? { log: [] } : { result: 'FAILED', resMessage: bytesToHex(new TextEncoder().encode('REVERT opcode executed')) }),
        };
      }
      case '/wallet/getaccount':
        return node.trxBalance > 0n ? { address: body.address, balance: Number(node.trxBalance) } : {};
      case '/wallet/triggerconstantcontract':
        return { result: { result: true }, energy_used: 938, constant_result: [word(node.tokenBalance)], transaction: { ret: [{}], visible: false } };
      case '/wallet/broadcasthex': {
        const hex = String(body.transaction);
        const { txId, expiration } = readSignedTransaction(hex);
        await node.beforeBroadcast?.(txId, hex);
        let reply: Record<string, unknown>;
        const seen = node.known.get(txId) ?? { txId, hex, expiration, referenceBlock: referenceOf(hex) };
        node.known.set(txId, seen);
        if (pool.has(txId) || node.included.has(txId)) {
          reply = { result: false, code: 'DUP_TRANSACTION_ERROR', txid: txId, message: bytesToHex(new TextEncoder().encode('Dup transaction.')) };
        } else if (expiration <= node.head().timestamp) {
          reply = { result: false, code: 'TRANSACTION_EXPIRATION_ERROR', txid: txId, message: bytesToHex(new TextEncoder().encode('Transaction expired')) };
        } else {
          pool.set(txId, seen);
          reply = { result: true, txid: txId };
        }
        node.broadcasts.push({ txId, hex, answer: reply.result === true ? 'SUCCESS' : String(reply.code) });
        if (node.dropReplies > 0) {
          node.dropReplies -= 1;
          response.socket?.destroy();
          return undefined;
        }
        return reply;
      }
      default:
        return { Error: `class java.lang.IllegalStateException : no servlet ${endpoint} in the stand-in` };
    }
  }

  const server = createServer((request, response) => {
    void (async () => {
      const endpoint = new URL(request.url ?? '/', 'http://node').pathname;
      const body = (await readBody(request)) as Record<string, unknown>;
      const reply = await answer(endpoint, body, response);
      if (reply === undefined) return;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(reply));
    })().catch(() => {
      response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  node.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  node.close = () =>
    new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    });
  return node;
}
