import { secp256k1 } from '@noble/curves/secp256k1.js';
import { HDKey } from '@scure/bip32';
import { bytesToHex, getAddress, isAddress, publicKeyToAddress } from 'viem/utils';
import type { AddressDeriver } from '../chain-adapter';

/**
 * EVM deposit addresses (BIP44, m/44'/60'/0'/0/index) from the account-level extended public key
 * m/44'/60'/0': the API nodes and the watcher hold only that key, so they can make addresses but
 * never spend from them (docs/wallet.md, "Custody"). The last two steps are unhardened, which is
 * what lets a public key derive them.
 */
export const EVM_ACCOUNT_PATH = "m/44'/60'/0'";

/** Child keys must stay below 2^31: above is the hardened range, which a public key cannot derive. */
const MAX_INDEX = 0x7fff_ffff;

export const evmAddressDeriver: AddressDeriver = {
  family: 'evm',
  deriveAddress(xpub: string, index: number): string {
    if (!Number.isInteger(index) || index < 0 || index > MAX_INDEX) throw new Error(`derivation index out of range: ${index}`);
    const account = accountKey(xpub);
    const child = account.deriveChild(0).deriveChild(index);
    if (!child.publicKey) throw new Error('derived key has no public key');
    const uncompressed = secp256k1.Point.fromBytes(child.publicKey).toBytes(false);
    return publicKeyToAddress(bytesToHex(uncompressed));
  },
  canonicalAddress(address: string): string | null {
    // Mixed case must carry a valid EIP-55 checksum; all-lower or all-upper hex is taken as is.
    return isAddress(address, { strict: true }) ? getAddress(address) : null;
  },
};

const parsed = new Map<string, HDKey>();

function accountKey(xpub: string): HDKey {
  let key = parsed.get(xpub);
  if (!key) {
    key = HDKey.fromExtendedKey(xpub);
    // A private extended key here would put spending power on an API node: refused outright.
    if (key.privateKey) throw new Error('an extended private key was given where only the public key belongs');
    if (key.depth !== 3) throw new Error(`the EVM key must be the account-level key (${EVM_ACCOUNT_PATH}, depth 3), not depth ${key.depth}`);
    parsed.set(xpub, key);
  }
  return key;
}
