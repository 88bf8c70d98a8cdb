import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { createBase58check } from '@scure/base';

/**
 * TRON addresses (docs/wallet-tron.md, "Addresses"). An account is the last 20 bytes of the
 * keccak-256 of its uncompressed public key (without the 0x04 prefix), as on Ethereum, with the
 * mainnet prefix byte 0x41 in front: 21 bytes. People and wallets write it in base58check
 * (`T...`, 34 characters); the node's HTTP API writes it as 42 hex characters (`41...`) unless
 * asked for `visible`, and the EVM inside (logs, ABI words) uses the bare 20 bytes.
 *
 * The canonical form in Corridor is the base58check one.
 */
const TRON_ADDRESS_PREFIX = 0x41;

const base58check = createBase58check(sha256);

/** The 21-byte address (0x41 ++ 20 bytes) of an uncompressed (65 bytes) or compressed (33 bytes) secp256k1 public key. */
function tronAddressBytesFromPublicKey(publicKey: Uint8Array): Uint8Array {
  const uncompressed = publicKey.length === 65 ? publicKey : secp256k1.Point.fromBytes(publicKey).toBytes(false);
  if (uncompressed.length !== 65 || uncompressed[0] !== 0x04) throw new Error('not a secp256k1 public key');
  const hash = keccak_256(uncompressed.subarray(1));
  const address = new Uint8Array(21);
  address[0] = TRON_ADDRESS_PREFIX;
  address.set(hash.subarray(12), 1);
  return address;
}

/** The base58check address (`T...`) of a secp256k1 public key. */
export function tronAddressFromPublicKey(publicKey: Uint8Array): string {
  return base58check.encode(tronAddressBytesFromPublicKey(publicKey));
}

const BASE58 = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const HEX41 = /^(?:0x)?41[0-9a-fA-F]{40}$/;

/**
 * The 21 address bytes of a base58check (`T...`) or hex (`41...`, with or without `0x`) address,
 * or null when it is neither or its checksum is wrong. Bare 20-byte EVM hex is refused: it names
 * the same account but is where TRON and Ethereum addresses are confused, so callers convert it
 * on purpose with {@link tronAddressFromEvmBytes}.
 */
export function decodeTronAddress(address: string): Uint8Array | null {
  if (typeof address !== 'string') return null;
  if (BASE58.test(address)) {
    let bytes: Uint8Array;
    try {
      bytes = base58check.decode(address);
    } catch {
      return null;
    }
    return bytes.length === 21 && bytes[0] === TRON_ADDRESS_PREFIX ? bytes : null;
  }
  if (HEX41.test(address)) return hexToBytes(address.replace(/^0x/, '').toLowerCase());
  return null;
}

/** The canonical (base58check) form of an address a user or node gave, or null when it is not one. */
export function canonicalTronAddress(address: string): string | null {
  const bytes = decodeTronAddress(address);
  return bytes ? base58check.encode(bytes) : null;
}

/** The node's hex form (`41` ++ 40 hex, lower case) of a canonical or hex address; throws on anything else. */
export function tronAddressToHex(address: string): string {
  const bytes = decodeTronAddress(address);
  if (!bytes) throw new Error('not a TRON address');
  return bytesToHex(bytes);
}

/** The 20 bytes the EVM uses for a TRON address (the address without its 0x41). */
export function tronAddressToEvmBytes(address: string): Uint8Array {
  const bytes = decodeTronAddress(address);
  if (!bytes) throw new Error('not a TRON address');
  return bytes.subarray(1);
}

/** The base58check address of 20 EVM address bytes (a log's address, or an ABI word's last 20 bytes). */
export function tronAddressFromEvmBytes(evm: Uint8Array): string {
  if (evm.length !== 20) throw new Error('an EVM address is 20 bytes');
  const bytes = new Uint8Array(21);
  bytes[0] = TRON_ADDRESS_PREFIX;
  bytes.set(evm, 1);
  return base58check.encode(bytes);
}
