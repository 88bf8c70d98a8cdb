import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { decodeTronAddress, tronAddressFromPublicKey, tronAddressToEvmBytes } from './address';
import { concatBytes, message, readMessage } from './protobuf';

/**
 * A TRC-20 `transfer(to, amount)` transaction, built and signed offline (docs/wallet-tron.md,
 * "Withdrawals: building and signing"). Only the signer process calls `signTrc20Transfer`; the rest
 * of the server may build the same transaction to know its txID before it is signed.
 *
 * The transaction is a `protocol.Transaction` whose `raw_data` (`Transaction.raw`) holds one
 * `TriggerSmartContract` (contract type 31) calling the token with the ABI call data
 * `a9059cbb ++ word(to) ++ word(amount)`. Its txID is sha256(raw_data bytes); its signature is
 * secp256k1 over that txID: r ++ s ++ (recovery id + 27), 65 bytes.
 *
 * TRON needs no nonce: a transaction names a recent block instead (TaPoS: `ref_block_bytes` are
 * bytes 6..7 of the block number, `ref_block_hash` bytes 8..15 of the block id) and an expiration;
 * the node refuses it when the reference block is not on its chain or the expiration has passed,
 * and refuses a second copy of a txID it has seen ("DUP_TRANSACTION_ERROR").
 */

/** `TriggerSmartContract` in `Transaction.Contract.ContractType`. */
const TRIGGER_SMART_CONTRACT = 31n;
const TRIGGER_SMART_CONTRACT_TYPE_URL = 'type.googleapis.com/protocol.TriggerSmartContract';
/** keccak256("transfer(address,uint256)")[0..4]. */
const TRANSFER_SELECTOR = keccak_256(utf8ToBytes('transfer(address,uint256)')).subarray(0, 4);
/** The network's ceiling for `fee_limit` (15,000 TRX in sun, the `getMaxFeeLimit` chain parameter). */
const MAX_FEE_LIMIT_SUN = 15_000_000_000n;
/** A node refuses an expiration more than a day ahead of its head block; we hold it to a day after the timestamp. */
const MAX_EXPIRATION_MS = 24 * 60 * 60 * 1000;
const UINT256_LIMIT = 1n << 256n;

export interface Trc20TransferRequest extends TronTiming {
  /** The token contract (canonical `T...` or `41...` hex). */
  token: string;
  /** The paying account: the hot wallet whose key signs. */
  from: string;
  to: string;
  /** Base units of the token. */
  amount: bigint;
  /** The most TRX (in sun) the energy this call burns may cost; the rest is not charged. */
  feeLimitSun: bigint;
}

/** The transaction as `/wallet/broadcasttransaction` takes it (hex addresses, `visible: false`). */
interface TronTransactionJson {
  visible: false;
  txID: string;
  raw_data: {
    contract: Array<{
      parameter: {
        value: { data: string; owner_address: string; contract_address: string };
        type_url: string;
      };
      type: 'TriggerSmartContract';
    }>;
    ref_block_bytes: string;
    ref_block_hash: string;
    expiration: number;
    fee_limit: number;
    timestamp: number;
  };
  raw_data_hex: string;
  signature?: string[];
}

export interface UnsignedTrc20Transfer {
  txId: string;
  rawDataHex: string;
  json: TronTransactionJson;
}

/** Any signed TRON transaction: its txID, its signature and the bytes to broadcast. */
export interface SignedTronTransaction {
  txId: string;
  rawDataHex: string;
  /** r ++ s ++ v (v = 27 or 28), 130 hex. */
  signature: string;
  /** The whole signed `protocol.Transaction`, as `/wallet/broadcasthex` takes it: store these bytes, rebroadcast only them. */
  signedHex: string;
}

export interface SignedTrc20Transfer extends UnsignedTrc20Transfer, SignedTronTransaction {
  json: TronTransactionJson & { signature: [string] };
}

/** The reference-block fields of a transaction from a block id (8 bytes of number ++ 24 bytes of hash). */
export function referenceBlockFields(blockId: string): { refBlockBytes: Uint8Array; refBlockHash: Uint8Array } {
  if (!/^[0-9a-f]{64}$/i.test(blockId)) throw new Error('a TRON block id is 64 hex characters');
  const id = hexToBytes(blockId.toLowerCase());
  return { refBlockBytes: id.slice(6, 8), refBlockHash: id.slice(8, 16) };
}

function word(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(32);
  out.set(bytes, 32 - bytes.length);
  return out;
}

function uint256(value: bigint): Uint8Array {
  return hexToBytes(value.toString(16).padStart(64, '0'));
}

function addressBytes(address: string, what: string): Uint8Array {
  const bytes = decodeTronAddress(address);
  if (!bytes) throw new Error(`the ${what} is not a TRON address`);
  return bytes;
}

/** The request's fields, checked: every reason a node would refuse the shape is refused here first. */
function checked(request: Trc20TransferRequest) {
  const token = addressBytes(request.token, 'token');
  const from = addressBytes(request.from, 'sender');
  const to = addressBytes(request.to, 'recipient');
  // Tokens sent to the zero address or to the token contract itself are gone for good.
  if (to.subarray(1).every((byte) => byte === 0)) throw new Error('the recipient is the zero address');
  if (bytesToHex(to) === bytesToHex(token)) throw new Error('the recipient is the token contract');
  if (typeof request.amount !== 'bigint' || request.amount <= 0n || request.amount >= UINT256_LIMIT) {
    throw new RangeError('the amount is a positive integer of base units below 2^256');
  }
  if (typeof request.feeLimitSun !== 'bigint' || request.feeLimitSun <= 0n || request.feeLimitSun > MAX_FEE_LIMIT_SUN) {
    throw new RangeError(`the fee limit is from 1 to ${MAX_FEE_LIMIT_SUN} sun`);
  }
  checkTiming(request);
  const callData = concatBytes(TRANSFER_SELECTOR, word(tronAddressToEvmBytes(request.to)), uint256(request.amount));
  return { token, from, callData };
}

/** A transaction's reference block and validity, as every TRON transaction carries them. */
export interface TronTiming {
  /** The id (hash, 64 hex) of a recent block on the node's chain, from `/wallet/getblock`. */
  referenceBlockId: string;
  /** When the transaction was made, in milliseconds since the epoch. */
  timestamp: number;
  /** When the node must stop accepting it, in milliseconds since the epoch. */
  expiration: number;
}

function checkTiming({ timestamp, expiration }: TronTiming): void {
  if (!Number.isSafeInteger(timestamp) || timestamp <= 0 || !Number.isSafeInteger(expiration)) {
    throw new RangeError('the timestamp and expiration are milliseconds since the epoch');
  }
  if (expiration <= timestamp || expiration - timestamp > MAX_EXPIRATION_MS) {
    throw new RangeError('the expiration is after the timestamp, by at most a day');
  }
}

/**
 * `Transaction.raw` holding one contract: { ref_block_bytes = 1; ref_block_hash = 4; expiration = 8;
 * contract = 11; timestamp = 14; fee_limit = 18 } (a fee limit only for contract calls), and its
 * txID, sha256 of those bytes. Shared by the TRC-20 transfer and the TRX transfer (trx-transfer.ts).
 */
export function rawTransaction(input: { type: bigint; typeUrl: string; value: Uint8Array; timing: TronTiming; feeLimitSun?: bigint }): { txId: string; rawDataHex: string } {
  checkTiming(input.timing);
  const { refBlockBytes, refBlockHash } = referenceBlockFields(input.timing.referenceBlockId);
  // google.protobuf.Any { type_url = 1; value = 2 }
  const parameter = message([
    [1, utf8ToBytes(input.typeUrl)],
    [2, input.value],
  ]);
  // Transaction.Contract { type = 1; parameter = 2; ... }
  const contract = message([
    [1, input.type],
    [2, parameter],
  ]);
  const raw = message([
    [1, refBlockBytes],
    [4, refBlockHash],
    [8, BigInt(input.timing.expiration)],
    [11, contract],
    [14, BigInt(input.timing.timestamp)],
    [18, input.feeLimitSun],
  ]);
  return { txId: bytesToHex(sha256(raw)), rawDataHex: bytesToHex(raw) };
}

/** The unsigned transaction and its txID. Deterministic: the same request gives the same bytes. */
export function buildTrc20Transfer(request: Trc20TransferRequest): UnsignedTrc20Transfer {
  const { token, from, callData } = checked(request);
  // TriggerSmartContract { owner_address = 1; contract_address = 2; call_value = 3; data = 4; ... }
  const trigger = message([
    [1, from],
    [2, token],
    [4, callData],
  ]);
  const { txId, rawDataHex } = rawTransaction({ type: TRIGGER_SMART_CONTRACT, typeUrl: TRIGGER_SMART_CONTRACT_TYPE_URL, value: trigger, timing: request, feeLimitSun: request.feeLimitSun });
  const { refBlockBytes, refBlockHash } = referenceBlockFields(request.referenceBlockId);
  return {
    txId,
    rawDataHex,
    json: {
      visible: false,
      txID: txId,
      raw_data: {
        contract: [
          {
            parameter: {
              value: { data: bytesToHex(callData), owner_address: bytesToHex(from), contract_address: bytesToHex(token) },
              type_url: TRIGGER_SMART_CONTRACT_TYPE_URL,
            },
            type: 'TriggerSmartContract',
          },
        ],
        ref_block_bytes: bytesToHex(refBlockBytes),
        ref_block_hash: bytesToHex(refBlockHash),
        expiration: request.expiration,
        fee_limit: Number(request.feeLimitSun),
        timestamp: request.timestamp,
      },
      raw_data_hex: rawDataHex,
    },
  };
}

/**
 * Builds the transfer from `request` and signs it with `privateKey` (32 bytes). The txID signed is
 * computed here from the bytes built here, never taken from a node or a caller. Refuses a key that
 * is not the sender's: the node would refuse the signature, after the fact.
 */
export function signTrc20Transfer(request: Trc20TransferRequest, privateKey: Uint8Array): SignedTrc20Transfer {
  const unsigned = buildTrc20Transfer(request);
  if (!secp256k1.utils.isValidSecretKey(privateKey)) throw new Error('not a secp256k1 private key');
  checkSender(request, secp256k1.getPublicKey(privateKey, false));
  // RFC 6979 deterministic k, low s; 'recovered' puts the recovery id first.
  const recovered = secp256k1.sign(hexToBytes(unsigned.txId), privateKey, { prehash: false, format: 'recovered' });
  return withSignature(unsigned, concatBytes(recovered.subarray(1, 65), Uint8Array.of(recovered[0]! + 27)));
}

/** A key that signs a 32-byte digest without showing itself (the signer's hot-wallet account). */
export interface DigestSigner {
  /** The uncompressed public key (65 bytes, 0x04 first). */
  publicKey: Uint8Array;
  /** r ++ s ++ v (v = 27 or 28), 65 bytes, low s. */
  signDigest(digest: Uint8Array): Promise<Uint8Array>;
}

/**
 * As `signTrc20Transfer`, with a key held elsewhere (the signer's account, whose private key never
 * leaves it). The signature is checked to recover to the sender before the transaction is returned:
 * bytes a node would refuse are never stored.
 */
export async function signTrc20TransferWith(request: Trc20TransferRequest, signer: DigestSigner): Promise<SignedTrc20Transfer> {
  const unsigned = buildTrc20Transfer(request);
  return withSignature(unsigned, await signatureOf(unsigned.txId, request.from, signer));
}

/**
 * The signature of a txID by `signer`, which must be `from`'s key, checked to recover to it: bytes
 * a node would refuse are never stored. Shared by every transaction the signer makes.
 */
export async function signatureOf(txId: string, from: string, signer: DigestSigner): Promise<Uint8Array> {
  checkSender({ from }, signer.publicKey);
  const digest = hexToBytes(txId);
  const signature = await signer.signDigest(digest);
  if (signature.length !== 65 || (signature[64] !== 27 && signature[64] !== 28)) throw new Error('the signature is not r ++ s ++ v');
  const recovered = secp256k1.Signature.fromBytes(signature.subarray(0, 64), 'compact').addRecoveryBit(signature[64]! - 27).recoverPublicKey(digest);
  if (bytesToHex(recovered.toBytes(false)) !== bytesToHex(signer.publicKey)) throw new Error('the signature does not recover to the sender');
  return signature;
}

function checkSender(request: { from: string }, publicKey: Uint8Array): void {
  const signer = tronAddressFromPublicKey(publicKey);
  const sender = bytesToHex(addressBytes(request.from, 'sender'));
  if (bytesToHex(addressBytes(signer, 'signer')) !== sender) throw new Error('the private key is not the sender\'s');
}

function withSignature(unsigned: UnsignedTrc20Transfer, signatureBytes: Uint8Array): SignedTrc20Transfer {
  const signed = signedTransaction(unsigned, signatureBytes);
  return { ...unsigned, ...signed, json: { ...unsigned.json, signature: [signed.signature] } };
}

/** `Transaction { raw_data = 1; repeated bytes signature = 2; ... }`: the bytes a node takes. */
export function signedTransaction(unsigned: { txId: string; rawDataHex: string }, signatureBytes: Uint8Array): SignedTronTransaction {
  const signed = message([
    [1, hexToBytes(unsigned.rawDataHex)],
    [2, signatureBytes],
  ]);
  return { txId: unsigned.txId, rawDataHex: unsigned.rawDataHex, signature: bytesToHex(signatureBytes), signedHex: bytesToHex(signed) };
}

/**
 * The txID and expiration of a signed transaction, read from its own bytes (`signedHex`): what the
 * signer stored is what decides when it has provably expired, not a second record that could
 * disagree with it.
 */
export function readSignedTransaction(signedHex: string): { txId: string; expiration: number } {
  if (!/^([0-9a-f]{2})+$/i.test(signedHex)) throw new Error('a signed TRON transaction is hex bytes');
  const raw = readMessage(hexToBytes(signedHex.toLowerCase())).find((field) => field.field === 1)?.value;
  if (!(raw instanceof Uint8Array)) throw new Error('the signed transaction has no raw_data');
  const expiration = readMessage(raw).find((field) => field.field === 8)?.value;
  if (typeof expiration !== 'bigint') throw new Error('the transaction has no expiration');
  return { txId: bytesToHex(sha256(raw)), expiration: Number(expiration) };
}

/** The txID of raw_data bytes given as hex: sha256 of the bytes. */
export function tronTxId(rawDataHex: string): string {
  return bytesToHex(sha256(hexToBytes(rawDataHex)));
}
