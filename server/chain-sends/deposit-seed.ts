import { readFileSync } from 'node:fs';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { bytesToHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { z } from 'zod';
import { EVM_ACCOUNT_PATH } from '../chains/evm/evm-address-deriver';
import { TRON_ACCOUNT_PATH } from '../chains/tron/address-deriver';
import { decryptField, encryptField, type FieldAddress } from '../crypto/encryption';
import type { Keyring } from '../crypto/keyring';
import type { DepositAccounts } from './deposit-accounts';

/**
 * The deposit addresses' seed at rest, for sweeps (docs/wallet.md, "Sweeps"): the BIP39 mnemonic
 * encrypted with the keyring's `hot-wallet` key and bound to the account-level extended public key
 * it makes, like the hot key's file (hot-wallet-key.ts). Only the signer's process opens it; API
 * nodes and the watcher keep the extended public key alone.
 */
const seedFile = z
  .object({
    version: z.literal(1),
    family: z.literal('evm'),
    xpub: z.string().regex(/^xpub[1-9A-HJ-NP-Za-km-z]{100,112}$/),
    encryptedSeed: z.string().min(1).max(2000),
  })
  .strict();

function fieldAddress(xpub: string): FieldAddress {
  return { table: 'deposit_seed', id: xpub, field: 'mnemonic' };
}

function accountKeyOf(mnemonic: string): HDKey {
  return HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive(EVM_ACCOUNT_PATH);
}

function tronAccountKeyOf(mnemonic: string): HDKey {
  return HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive(TRON_ACCOUNT_PATH);
}

/**
 * The seed file's text for a mnemonic, and the extended public keys it makes (EVM, the file's
 * binding, and TRON, m/44'/195'/0'); the mnemonic is never returned.
 */
export function encryptDepositSeed(keyring: Keyring, mnemonic: string): { xpub: string; tronXpub: string; file: string } {
  const words = mnemonic.trim().split(/\s+/).join(' ');
  if (!validateMnemonic(words, wordlist)) throw new Error('not a BIP39 mnemonic (English words, valid checksum)');
  const xpub = accountKeyOf(words).publicExtendedKey;
  const tronXpub = tronAccountKeyOf(words).publicExtendedKey;
  const encryptedSeed = encryptField(keyring, 'hot-wallet', words, fieldAddress(xpub));
  return { xpub, tronXpub, file: `${JSON.stringify({ version: 1, family: 'evm', xpub, encryptedSeed }, null, 2)}\n` };
}

/**
 * Opens the seed file and checks it makes `expectedXpub` (CORRIDOR_EVM_XPUB: the key the deposit
 * addresses were made from), so a wrong seed can never sign for an address. Errors name the
 * file's problem, never its content.
 */
export function loadDepositSeed(keyring: Keyring, path: string, expectedXpub: string | undefined): DepositAccounts {
  return childAccounts(accountKeyOf(openSeed(keyring, path, expectedXpub)));
}

/**
 * The TRON deposit addresses' keys from the same seed file (docs/wallet-tron.md, "Sweeps on TRON"):
 * the account m/44'/195'/0', which must make `tronXpub` (CORRIDOR_TRON_XPUB) or no TRON address is
 * ever signed for.
 */
export function loadTronDepositSeed(keyring: Keyring, path: string, evmXpub: string | undefined, tronXpub: string): DepositAccounts {
  const account = tronAccountKeyOf(openSeed(keyring, path, evmXpub));
  if (account.publicExtendedKey !== tronXpub) throw new Error('CORRIDOR_SIGNER_SEED_FILE: the seed is not the one CORRIDOR_TRON_XPUB was made from');
  return childAccounts(account);
}

/** The mnemonic of the seed file, checked against the extended public key it is bound to. */
function openSeed(keyring: Keyring, path: string, expectedXpub: string | undefined): string {
  if (!keyring.has('hot-wallet')) throw new Error('CORRIDOR_ENCRYPTION_KEYS has no key for purpose "hot-wallet": the signer\'s host lists one (docs/wallet.md, "Sweeps")');
  let parsed: z.infer<typeof seedFile>;
  try {
    parsed = seedFile.parse(JSON.parse(readFileSync(path, 'utf8')));
  } catch (error) {
    const why = error instanceof Error && 'code' in error ? String(error.code) : 'not a deposit seed file (version 1, evm)';
    throw new Error(`CORRIDOR_SIGNER_SEED_FILE: ${why}`);
  }
  if (expectedXpub !== undefined && parsed.xpub !== expectedXpub) throw new Error('CORRIDOR_SIGNER_SEED_FILE: the seed is not the one CORRIDOR_EVM_XPUB was made from');
  const words = decryptField(keyring, 'hot-wallet', parsed.encryptedSeed, fieldAddress(parsed.xpub));
  if (accountKeyOf(words).publicExtendedKey !== parsed.xpub) throw new Error('CORRIDOR_SIGNER_SEED_FILE: the seed does not make the key the file names');
  return words;
}

/** Child `index` of the account's external chain, as a spending account. */
function childAccounts(account: HDKey): DepositAccounts {
  const external = account.deriveChild(0);
  return (index) => {
    const child = external.deriveChild(index);
    if (!child.privateKey) throw new Error('derived deposit key has no private key');
    return privateKeyToAccount(bytesToHex(child.privateKey));
  };
}
