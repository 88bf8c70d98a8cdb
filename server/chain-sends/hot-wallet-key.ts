import { readFileSync } from 'node:fs';
import { hexToBytes } from '@noble/hashes/utils.js';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { z } from 'zod';
import { decryptField, encryptField, type FieldAddress } from '../crypto/encryption';
import type { Keyring } from '../crypto/keyring';
import { tronAddressFromPublicKey } from '../chains/tron/address';

/**
 * The hot wallet's private key at rest: a small JSON file on the signer's host, the key encrypted
 * with the keyring's `hot-wallet` key (AES-256-GCM, server/crypto/encryption.ts) and bound to the
 * wallet's address, so neither the file nor the keyring alone spends (docs/wallet.md, "The
 * signer"). Only scripts/signer.ts loads it; the decrypted key stays inside the viem account.
 */
const keyFile = z
  .object({
    version: z.literal(1),
    family: z.literal('evm'),
    address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
    encryptedKey: z.string().min(1).max(1000),
  })
  .strict();

const PRIVATE_KEY = /^(0x)?[0-9a-fA-F]{64}$/;

function fieldAddress(address: string): FieldAddress {
  return { table: 'hot_wallet_key', id: address, field: 'private_key' };
}

/**
 * The key file's text for a private key (0x-prefixed or bare hex); the key itself is never returned.
 * `tronAddress` is the same key's TRON account (docs/wallet-tron.md, "The signer on TRON").
 */
export function encryptHotWalletKey(keyring: Keyring, privateKey: string): { address: string; tronAddress: string; file: string } {
  const trimmed = privateKey.trim();
  if (!PRIVATE_KEY.test(trimmed)) throw new Error('not a private key: expected 64 hexadecimal digits (0x-prefixed or not)');
  const hex = (trimmed.startsWith('0x') ? trimmed : `0x${trimmed}`) as `0x${string}`;
  const { address, publicKey } = privateKeyToAccount(hex);
  const encryptedKey = encryptField(keyring, 'hot-wallet', hex, fieldAddress(address));
  return { address, tronAddress: tronAddressFromPublicKey(hexToBytes(publicKey.slice(2))), file: `${JSON.stringify({ version: 1, family: 'evm', address, encryptedKey }, null, 2)}\n` };
}

/**
 * Opens the key file: the account that signs, checked against the address the file names. Errors
 * name the file's problem, never its content.
 */
export function loadHotWalletKey(keyring: Keyring, path: string): PrivateKeyAccount {
  if (!keyring.has('hot-wallet')) throw new Error('CORRIDOR_ENCRYPTION_KEYS has no key for purpose "hot-wallet": the signer\'s host lists one (docs/wallet.md, "The signer")');
  let parsed: z.infer<typeof keyFile>;
  try {
    parsed = keyFile.parse(JSON.parse(readFileSync(path, 'utf8')));
  } catch (error) {
    const why = error instanceof Error && 'code' in error ? String(error.code) : 'not a hot wallet key file (version 1, evm)';
    throw new Error(`CORRIDOR_SIGNER_KEY_FILE: ${why}`);
  }
  const account = privateKeyToAccount(decryptField(keyring, 'hot-wallet', parsed.encryptedKey, fieldAddress(parsed.address)) as `0x${string}`);
  if (account.address.toLowerCase() !== parsed.address.toLowerCase()) throw new Error('CORRIDOR_SIGNER_KEY_FILE: the key does not belong to the address the file names');
  return account;
}
