import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { sql } from 'drizzle-orm';
import { parseAbiItem, parseEther, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { rowsOf, type Db } from '../../db/client';
import { encryptHotWalletKey } from '../../server/chain-sends/hot-wallet-key';
import { queueChainSend } from '../../server/chain-sends/queue-chain-send';
import type { ChainConfig } from '../../server/chains/chains';
import { EVM_ACCOUNT_PATH } from '../../server/chains/evm/evm-address-deriver';
import { TRON_ACCOUNT_PATH } from '../../server/chains/tron/address-deriver';
import { keyPurposes, parseKeyring } from '../../server/crypto/keyring';
import { mintTo, type Anvil } from './anvil';

export const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
/** The same mnemonic's TRON account key (m/44'/195'/0'), CORRIDOR_TRON_XPUB of the TRON tests. */
export const TRON_XPUB = HDKey.fromMasterSeed(mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about')).derive(TRON_ACCOUNT_PATH).publicExtendedKey;
export const XPUB = HDKey.fromMasterSeed(mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about')).derive(EVM_ACCOUNT_PATH).publicExtendedKey;

/** A real keyring (not the demo one) with the signer's hot-wallet key listed. */
export function signerKeyringText(): string {
  return [...keyPurposes, 'hot-wallet'].map((purpose) => `${purpose}:k1:${randomBytes(32).toString('base64')}`).join(',');
}

export interface HotWallet {
  privateKey: `0x${string}`;
  address: Address;
  keyFile: string;
  keyring: string;
}

/** A fresh hot wallet: its encrypted key file, gas from anvil's first account, `tokens` base units minted to it. */
export async function fundedHotWallet(anvil: Anvil, token: Address, tokens: bigint): Promise<HotWallet> {
  const privateKey = `0x${randomBytes(32).toString('hex')}` as const;
  const keyring = signerKeyringText();
  const { address, file } = encryptHotWalletKey(parseKeyring(keyring), privateKey);
  const keyFile = join(mkdtempSync(join(tmpdir(), 'corridor-signer-')), 'hot-wallet.json');
  writeFileSync(keyFile, file, { mode: 0o600 });
  await anvil.client.sendTransaction({ to: address as Address, value: parseEther('1000') });
  await mintTo(anvil, token, address as Address, tokens);
  await anvil.client.mine({ blocks: 1 });
  return { privateKey, address: privateKeyToAccount(privateKey).address, keyFile, keyring };
}

export function localChain(key: string, anvil: Anvil, token: Address, decimals: number, extra: Partial<ChainConfig> = {}): ChainConfig {
  return {
    key,
    family: 'evm',
    name: key,
    network: 'local',
    tokens: { USDT: { contract: token, decimals } },
    confirmations: 2,
    pollIntervalMs: 100,
    maxBlockRange: 100,
    minimumDeposit: '0.000001',
    rpcUrl: anvil.url,
    ...extra,
  };
}

/** Seeded, so a failing run can be replayed (the seed is printed). */
export function generator(seed: number) {
  let state = seed >>> 0;
  return (below: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % below;
  };
}

/** Queues `count` withdrawals of random whole-cent amounts to random addresses of `recipients`. */
export async function queueRandomSends(db: Db, chain: ChainConfig, recipients: readonly Address[], count: number, random: (below: number) => number): Promise<{ id: string; to: Address; amount: string }[]> {
  const sends: { id: string; to: Address; amount: string }[] = [];
  for (let i = 0; i < count; i += 1) {
    const to = recipients[random(recipients.length)]!;
    const amount = `${1 + random(5_000)}.${String(random(1_000_000)).padStart(6, '0')}`;
    const { id } = await db.transaction((tx) => queueChainSend(tx, { chain: chain.key, purpose: 'withdrawal', referenceId: crypto.randomUUID(), toAddress: to, amount }, [chain]));
    sends.push({ id, to, amount });
  }
  return sends;
}

/** Settlement calls per send and step. */
export async function settlementCounts(db: Db): Promise<Map<string, Record<string, number>>> {
  const rows = rowsOf<{ send_id: string; step: string; n: string | number }>(await db.execute(sql`select send_id, step, count(*) as n from signer_test_settlements group by send_id, step`));
  const counts = new Map<string, Record<string, number>>();
  for (const row of rows) {
    const entry = counts.get(row.send_id) ?? {};
    entry[row.step] = Number(row.n);
    counts.set(row.send_id, entry);
  }
  return counts;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
