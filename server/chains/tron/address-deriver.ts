import { HDKey } from '@scure/bip32';
import type { AddressDeriver } from '../chain-adapter';
import { canonicalTronAddress, tronAddressFromPublicKey } from './address';

/**
 * Deposit addresses for TRON from an account-level extended public key (docs/wallet-tron.md,
 * "Deposit addresses"). TRON's coin type is 195, so a wallet's first account is m/44'/195'/0'
 * (depth 3); the operator exports that key's xpub, and child `index` of its external chain,
 * m/44'/195'/0'/0/index, is derived here without any private key: the same xpub and index give
 * the same address as the wallet that holds the seed (TronLink, Ledger, Trezor).
 */

/** The first account's path, whose extended public key the operator exports (and the signer's seed derives). */
export const TRON_ACCOUNT_PATH = "m/44'/195'/0'";
/** Depth of m/44'/195'/account': the key the operator exports. */
const ACCOUNT_DEPTH = 3;
/** First index of a hardened child: a public key cannot derive those, and we never ask it to. */
const HARDENED = 0x8000_0000;

export class TronAddressDeriver implements AddressDeriver {
  readonly family = 'tron' as const;

  /** The external-chain node (…/0) of the last xpub seen: deriving a batch does the parent step once. */
  private last: { xpub: string; external: HDKey } | undefined;

  deriveAddress(xpub: string, index: number): string {
    if (!Number.isSafeInteger(index) || index < 0 || index >= HARDENED) {
      throw new RangeError(`a deposit address index is an integer from 0 to ${HARDENED - 1}`);
    }
    const publicKey = this.externalChain(xpub).deriveChild(index).publicKey;
    if (!publicKey) throw new Error('the derived key has no public key');
    return tronAddressFromPublicKey(publicKey);
  }

  canonicalAddress(address: string): string | null {
    return canonicalTronAddress(address);
  }

  private externalChain(xpub: string): HDKey {
    if (this.last?.xpub === xpub) return this.last.external;
    const account = parseAccountXpub(xpub);
    const external = account.deriveChild(0);
    this.last = { xpub, external };
    return external;
  }
}

/**
 * The account-level public key of an `xpub...` string. An extended private key is refused (the
 * server that derives addresses never holds one), and so is a key at another depth than an
 * account's: the addresses would be valid but not the ones the operator's wallet shows.
 */
export function parseAccountXpub(xpub: string): HDKey {
  if (typeof xpub !== 'string' || !xpub.startsWith('xpub')) {
    throw new Error('the TRON deposit key must be an account-level xpub (m/44\'/195\'/account\'), not a private or testnet key');
  }
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(xpub);
  } catch {
    throw new Error('the TRON deposit key is not a valid xpub');
  }
  if (key.privateKey) throw new Error('the TRON deposit key must be public');
  if (key.depth !== ACCOUNT_DEPTH) {
    throw new Error(`the TRON deposit key is at depth ${key.depth}; export the account key m/44'/195'/account' (depth ${ACCOUNT_DEPTH})`);
  }
  return key;
}
