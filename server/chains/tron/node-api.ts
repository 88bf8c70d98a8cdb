import { z } from 'zod';

/**
 * The part of a TRON full node's HTTP API (java-tron's `/wallet/*` servlets, as TronGrid also
 * serves them) that the TRON reader calls, with the shapes it relies on. Every call is a POST of a
 * JSON body; addresses go and come back as hex (`41...`) because no request sets `visible`. A
 * servlet that fails still answers HTTP 200, with `{"Error": "<exceptionClass> : <message>"}`.
 *
 * Only the fields read are checked; the node may send more. Responses are parsed, never logged.
 */

export class TronNodeError extends Error {
  override readonly name = 'TronNodeError';
  constructor(
    readonly endpoint: string,
    readonly reason: string,
  ) {
    super(`TRON node ${endpoint}: ${reason}`);
  }
}

const hex = (length?: number) => z.string().regex(length === undefined ? /^[0-9a-fA-F]*$/ : new RegExp(`^[0-9a-fA-F]{${length}}$`));

/**
 * `/wallet/getblock` `{ id_or_num?: string, detail: boolean }` answers a `protocol.Block`:
 * `{ blockID, block_header: { raw_data: { number, timestamp, parentHash, txTrieRoot,
 * witness_address, version }, witness_signature }, transactions?: [{ txID, raw_data, ... }] }`,
 * with `transactions` only when `detail` is true (and the block has any), or `{}` when there is no
 * such block. Without `id_or_num` it is the newest block.
 */
const blockSchema = z.object({
  blockID: hex(64),
  block_header: z.object({ raw_data: z.object({ number: z.number().int().nonnegative().optional(), timestamp: z.number().int() }) }),
  transactions: z.array(z.object({ txID: hex(64) })).optional(),
});
export type TronBlock = z.infer<typeof blockSchema>;
const blockOrNothingSchema = z.union([blockSchema, z.object({}).strict()]);

/**
 * `/wallet/gettransactioninfobyblocknum` `{ num }` answers an array of `protocol.TransactionInfo`,
 * one per transaction of the block (`[]` for an empty block, `{}` for num <= 0):
 * `{ id, fee, blockNumber, blockTimeStamp, contractResult, contract_address, receipt: { ...,
 * result: "SUCCESS" | "REVERT" | ... }, log: [{ address, topics: [..], data }], result: "FAILED",
 * resMessage, internal_transactions }`. `result` is left out when the transaction succeeded (the
 * enum's default); `receipt.result` is the contract's outcome. A log's `address` is the emitting
 * contract's 20 bytes without TRON's 0x41; `topics` and `data` are hex without 0x.
 */
const transactionInfoSchema = z.object({
  id: hex(64),
  /** Everything the transaction burnt, in sun (bandwidth, energy); left out when zero. */
  fee: z.number().int().nonnegative().optional(),
  blockNumber: z.number().int().nonnegative().optional(),
  result: z.string().optional(),
  receipt: z.object({ result: z.string().optional() }).optional(),
  log: z
    .array(
      z.object({
        address: hex().optional(),
        topics: z.array(hex()).optional(),
        data: hex().optional(),
      }),
    )
    .optional(),
});
export type TronTransactionInfo = z.infer<typeof transactionInfoSchema>;
const transactionInfoListSchema = z.union([z.array(transactionInfoSchema), z.object({}).strict().transform(() => [])]);

/**
 * `/wallet/triggerconstantcontract` `{ owner_address, contract_address, function_selector,
 * parameter }` runs a view call and answers a `TransactionExtention`: `{ result: { result: true },
 * energy_used, constant_result: ["<32-byte word hex>"], transaction: { ret: [{}], ... } }`. A
 * revert answers `result.result: true` with `result.message` and `transaction.ret[0].ret:
 * "FAILED"`; a validation failure (no such contract) answers `result: { code, message }` without
 * `result.result`.
 */
const constantCallSchema = z.object({
  result: z.object({ result: z.boolean().optional(), code: z.string().optional(), message: z.string().optional() }).optional(),
  constant_result: z.array(hex()).optional(),
  transaction: z.object({ ret: z.array(z.object({ ret: z.string().optional() })).optional() }).optional(),
});
export type TronConstantCall = z.infer<typeof constantCallSchema>;

/** `/wallet/gettransactioninfobyid` `{ value }`: one `TransactionInfo` once the transaction is in a block, `{}` before (or never). */
const transactionInfoOrNothingSchema = z.union([transactionInfoSchema, z.object({}).strict()]);

/**
 * `/wallet/broadcasthex` `{ transaction }` answers `{ result: true, txid }` when the node took it,
 * or `{ result: false?, code, message, txid }` when it refused: `code` is a
 * `Return.response_code` such as `DUP_TRANSACTION_ERROR` (it has this txID already),
 * `TRANSACTION_EXPIRATION_ERROR`, `TAPOS_ERROR` (the reference block is not on its chain),
 * `BANDWITH_ERROR`, `CONTRACT_VALIDATE_ERROR`; `message` is hex of the node's text.
 */
const broadcastSchema = z.object({ result: z.boolean().optional(), code: z.string().optional(), txid: hex().optional() });
export type TronBroadcastAnswer = z.infer<typeof broadcastSchema>;

/** `/wallet/getaccount` `{ address }`: `{ balance }` in sun (left out when zero), or `{}` for an account never funded. */
const accountSchema = z.object({ balance: z.number().int().nonnegative().optional() });

export interface TronNodeOptions {
  /** The node's HTTP base URL, e.g. http://127.0.0.1:8090 for a java-tron node of one's own. */
  url: string;
  /** TronGrid's key, sent as the `TRON-PRO-API-KEY` header; none for a node of one's own. */
  apiKey?: string;
  /** How long one call may take. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/** The calls the reader makes, typed. */
export class TronNodeApi {
  private readonly base: string;

  constructor(private readonly options: TronNodeOptions) {
    const url = new URL(options.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('the TRON node URL is http or https');
    this.base = url.href.replace(/\/+$/, '');
  }

  /** The newest block's header, or one block's (`detail` adds its transactions' ids); null when the node has no such block. */
  async getBlock(idOrNum: bigint | undefined, detail: boolean): Promise<TronBlock | null> {
    const body = idOrNum === undefined ? { detail } : { id_or_num: idOrNum.toString(), detail };
    const block = await this.post('/wallet/getblock', body, blockOrNothingSchema);
    return 'blockID' in block ? (block as TronBlock) : null;
  }

  async getTransactionInfoByBlockNum(num: bigint): Promise<TronTransactionInfo[]> {
    return this.post('/wallet/gettransactioninfobyblocknum', { num: Number(num) }, transactionInfoListSchema);
  }

  async triggerConstantContract(call: { ownerAddress: string; contractAddress: string; functionSelector: string; parameter: string }): Promise<TronConstantCall> {
    return this.post(
      '/wallet/triggerconstantcontract',
      {
        owner_address: call.ownerAddress,
        contract_address: call.contractAddress,
        function_selector: call.functionSelector,
        parameter: call.parameter,
      },
      constantCallSchema,
    );
  }

  /** The transaction's outcome once it is in a block; null while (or if never) it is in none. */
  async getTransactionInfoById(txId: string): Promise<TronTransactionInfo | null> {
    const info = await this.post('/wallet/gettransactioninfobyid', { value: txId }, transactionInfoOrNothingSchema);
    return 'id' in info ? (info as TronTransactionInfo) : null;
  }

  /** Hands a signed `protocol.Transaction` (hex) to the node; the answer says whether it took it. */
  async broadcastHex(signedHex: string): Promise<TronBroadcastAnswer> {
    return this.post('/wallet/broadcasthex', { transaction: signedHex }, broadcastSchema);
  }

  /** The account's TRX in sun (0 for an account the chain does not know yet); `address` in hex (`41...`). */
  async getAccountBalance(address: string): Promise<bigint> {
    const account = await this.post('/wallet/getaccount', { address }, accountSchema);
    return BigInt(account.balance ?? 0);
  }

  private async post<T>(endpoint: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.options.apiKey) headers['TRON-PRO-API-KEY'] = this.options.apiKey;
    let response: Response;
    try {
      response = await fetch(`${this.base}${endpoint}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new TronNodeError(endpoint, timedOut ? 'no answer in time' : 'unreachable');
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new TronNodeError(endpoint, `HTTP ${response.status}`);
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new TronNodeError(endpoint, 'the answer is not JSON');
    }
    if (json !== null && typeof json === 'object' && !Array.isArray(json) && typeof (json as { Error?: unknown }).Error === 'string') {
      throw new TronNodeError(endpoint, `the node answered an error (${exceptionClass((json as { Error: string }).Error)})`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new TronNodeError(endpoint, 'the answer is not in the documented shape');
    return parsed.data;
  }
}

/** The exception class of java-tron's `"<exceptionClass> : <message>"`: enough to tell what failed, without echoing the node's text. */
function exceptionClass(error: string): string {
  const name = /^(?:class\s+)?([\w.$]+)/.exec(error)?.[1];
  return name ? name.slice(0, 120) : 'unnamed';
}
