import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { canonicalTronAddress, tronAddressToHex } from '../../server/chains/tron/address';
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
 *
 * Accounts hold TRX and one TRC-20 token, each by address, and a block runs what it takes, simply
 * enough for the signer's rules to be tested: a TRX `TransferContract` moves its amount and burns
 * bandwidth (`TRX_TRANSFER_FEE_SUN`; refused at broadcast, as java-tron validates, when the owner
 * cannot pay both); a TRC-20 `transfer` burns `FEE_SUN` of energy and bandwidth from its owner, and
 * ends OUT_OF_ENERGY (burning what the owner has) when the owner holds less TRX than that, REVERT
 * when it holds fewer tokens than it sends. Staked resources and free bandwidth do not exist here.
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
  /** An account's TRX (sun) and token (base units) balances; an account never funded holds nothing. */
  balanceOf(address: string): { trx: bigint; token: bigint };
  /** Sets an account's balances (the fields given). */
  setBalance(address: string, balance: { trx?: bigint; token?: bigint }): void;
  /** Replies to this many next broadcasts are dropped (the connection closes) after the node takes the bytes. */
  dropReplies: number;
  /** While true, no transaction enters a block (the pool keeps them until they expire). */
  hold: boolean;
  /** Transactions for which this answers true are included as reverted (receipt REVERT, result FAILED). */
  reverts: (txId: string, transfer: Transfer | undefined) => boolean;
  /** Called before a broadcast is answered (and before it is taken). */
  beforeBroadcast?: (txId: string, hex: string) => Promise<void>;
  /** Every broadcast received, in order, with the node's answer code. */
  broadcasts: Array<{ txId: string; hex: string; answer: string }>;
  /** Every transaction broadcast to the node, taken or refused, by txID. */
  known: Map<string, Known>;
  /** The transactions in blocks, by txID. */
  included: Map<string, Inclusion>;
  close(): Promise<void>;
}

/** What a transaction moves, addresses in base58. */
interface Transfer {
  kind: 'trx' | 'trc20';
  from: string;
  to: string;
  /** sun, or the token's base units. */
  amount: bigint;
}

interface Inclusion {
  block: Block;
  /** What it moved (or tried to: a failed one moved nothing). */
  transfer: Transfer | undefined;
  success: boolean;
  /** What the transaction burnt, in sun. */
  fee: bigint;
  /** The receipt's result: SUCCESS, REVERT or OUT_OF_ENERGY. */
  result: string;
}

/** What a TRC-20 transfer burns for energy and bandwidth (a transfer to a holder, at 2025's prices). */
export const FEE_SUN = 13_844_850n;
/** What a TRX transfer burns for bandwidth once free bandwidth is used up: 268 bytes at 1,000 sun. */
export const TRX_TRANSFER_FEE_SUN = 268_000n;
const TRANSFER_CONTRACT = 1n;
const TRIGGER_SMART_CONTRACT = 31n;
const BLOCK_MS = 3_000;

function word(value: bigint): string {
  return value.toString(16).padStart(64, '0');
}

/** The one contract of a signed transaction: a TRX transfer or a TRC-20 `transfer` call. */
type Call = { kind: 'trx'; owner: string; to: string; amount: bigint } | { kind: 'trc20'; owner: string; to: string; amount: bigint } | { kind: 'other'; owner: string };

function fieldOf(bytes: Uint8Array, field: number): Uint8Array | bigint | undefined {
  return readMessage(bytes).find((candidate) => candidate.field === field)?.value;
}

function callOf(hex: string): Call {
  const raw = fieldOf(hexToBytes(hex), 1) as Uint8Array;
  const contract = fieldOf(raw, 11) as Uint8Array;
  const type = fieldOf(contract, 1) as bigint;
  const value = fieldOf(fieldOf(contract, 2) as Uint8Array, 2) as Uint8Array;
  const owner = bytesToHex(fieldOf(value, 1) as Uint8Array);
  if (type === TRANSFER_CONTRACT) return { kind: 'trx', owner, to: bytesToHex(fieldOf(value, 2) as Uint8Array), amount: (fieldOf(value, 3) as bigint | undefined) ?? 0n };
  const data = bytesToHex(fieldOf(value, 4) as Uint8Array);
  if (type === TRIGGER_SMART_CONTRACT && data.startsWith('a9059cbb')) return { kind: 'trc20', owner, to: `41${data.slice(8 + 24, 8 + 64)}`, amount: BigInt(`0x${data.slice(8 + 64, 8 + 128)}`) };
  return { kind: 'other', owner };
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? {} : JSON.parse(text);
}

export async function startTronStandIn(options: { startNumber?: bigint; startTime?: number } = {}): Promise<TronStandIn> {
  const pool = new Map<string, Known>();
  /** Balances by hex address (`41...`). */
  const trx = new Map<string, bigint>();
  const tokens = new Map<string, bigint>();
  const keyOf = (address: string) => tronAddressToHex(canonicalTronAddress(address) ?? address).toLowerCase();
  const add = (map: Map<string, bigint>, key: string, delta: bigint) => map.set(key, (map.get(key) ?? 0n) + delta);

  /** Runs a transaction a block takes; null when a TRX transfer can no longer be paid (it leaves the pool unrun). */
  function execute(txId: string, hex: string, block: Block): Inclusion | null {
    const call = callOf(hex);
    const transfer: Transfer | undefined = call.kind === 'other' ? undefined : { kind: call.kind, from: canonicalTronAddress(call.owner)!, to: canonicalTronAddress(call.to)!, amount: call.amount };
    const held = trx.get(call.owner) ?? 0n;
    if (call.kind === 'trx') {
      if (held < call.amount + TRX_TRANSFER_FEE_SUN) return null;
      add(trx, call.owner, -(call.amount + TRX_TRANSFER_FEE_SUN));
      add(trx, call.to, call.amount);
      return { block, transfer, success: true, fee: TRX_TRANSFER_FEE_SUN, result: 'SUCCESS' };
    }
    if (held < FEE_SUN) {
      trx.set(call.owner, 0n);
      return { block, transfer, success: false, fee: held, result: 'OUT_OF_ENERGY' };
    }
    add(trx, call.owner, -FEE_SUN);
    const enough = call.kind === 'trc20' && (tokens.get(call.owner) ?? 0n) >= call.amount;
    if (!enough || node.reverts(txId, transfer)) return { block, transfer, success: false, fee: FEE_SUN, result: 'REVERT' };
    add(tokens, call.owner, -call.amount);
    add(tokens, call.to, call.amount);
    return { block, transfer, success: true, fee: FEE_SUN, result: 'SUCCESS' };
  }
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
          const inclusion = execute(txId, tx.hex, block);
          if (inclusion) node.included.set(txId, inclusion);
        }
      }
    },
    balanceOf: (address) => ({ trx: trx.get(keyOf(address)) ?? 0n, token: tokens.get(keyOf(address)) ?? 0n }),
    setBalance(address, balance) {
      if (balance.trx !== undefined) trx.set(keyOf(address), balance.trx);
      if (balance.token !== undefined) tokens.set(keyOf(address), balance.token);
    },
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

  /** java-tron validates a TRX transfer against the owner's balance before it takes it. */
  const unpayableTransfer = (hex: string): boolean => {
    const call = callOf(hex);
    return call.kind === 'trx' && (trx.get(call.owner) ?? 0n) < call.amount + TRX_TRANSFER_FEE_SUN;
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
        const receipt = { energy_usage_total: 31_895, net_usage: 345, result: found.result };
        return {
          id: body.value,
          fee: Number(found.fee),
          blockNumber: Number(found.block.number),
          blockTimeStamp: found.block.timestamp,
          contractResult: [''],
          receipt,
          ...(found.success ? { log: [] } : { result: 'FAILED', resMessage: bytesToHex(new TextEncoder().encode('REVERT opcode executed')) }),
        };
      }
      case '/wallet/getaccount':
        // java-tron answers {} for an account that never received anything.
        return trx.has(String(body.address).toLowerCase()) ? { address: body.address, balance: Number(trx.get(String(body.address).toLowerCase())) } : {};
      case '/wallet/triggerconstantcontract': {
        const owner = `41${String(body.parameter).slice(-40)}`.toLowerCase();
        return { result: { result: true }, energy_used: 938, constant_result: [word(tokens.get(owner) ?? 0n)], transaction: { ret: [{}], visible: false } };
      }
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
        } else if (unpayableTransfer(hex)) {
          reply = { result: false, code: 'CONTRACT_VALIDATE_ERROR', txid: txId, message: bytesToHex(new TextEncoder().encode('Validate TransferContract error, balance is not sufficient.')) };
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
