import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import { signerKeyringText } from '../../tests/chain/signer-fixture';
import { keyPurposes, parseKeyring } from '../crypto/keyring';
import { log, setLogLevel, setLogSink } from '../logging/log';
import { encryptHotWalletKey, loadHotWalletKey } from './hot-wallet-key';

const dir = mkdtempSync(join(tmpdir(), 'corridor-key-'));
const write = (text: string) => {
  const path = join(dir, `${randomBytes(4).toString('hex')}.json`);
  writeFileSync(path, text);
  return path;
};
function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected it to throw');
}

describe('the hot wallet key file (docs/wallet.md, "The signer")', () => {
  const privateKey = generatePrivateKey();
  const keyring = parseKeyring(signerKeyringText());

  it('opens with the keyring it was written with, as the account of the key, and holds no key in clear', () => {
    const { address, file } = encryptHotWalletKey(keyring, privateKey);
    expect(address).toBe(privateKeyToAccount(privateKey).address);
    expect(file.toLowerCase()).not.toContain(privateKey.slice(2).toLowerCase());
    expect(loadHotWalletKey(keyring, write(file)).address).toBe(address);
    // A bare key (no 0x) is the same key.
    expect(encryptHotWalletKey(keyring, `${privateKey.slice(2)}\n`).address).toBe(address);
  });

  it('refuses another keyring, a keyring without the hot-wallet key, a moved ciphertext and a bad file, without echoing the key', () => {
    const { file } = encryptHotWalletKey(keyring, privateKey);
    const other = parseKeyring(signerKeyringText());
    const withoutHotWallet = parseKeyring(keyPurposes.map((purpose) => `${purpose}:k1:${randomBytes(32).toString('base64')}`).join(','));
    const moved = JSON.stringify({ ...JSON.parse(file), address: privateKeyToAccount(generatePrivateKey()).address });
    const messages = [
      messageOf(() => loadHotWalletKey(other, write(file))),
      messageOf(() => loadHotWalletKey(withoutHotWallet, write(file))),
      messageOf(() => loadHotWalletKey(keyring, write(moved))),
      messageOf(() => loadHotWalletKey(keyring, write(`{"version":1,"family":"evm","address":"x","encryptedKey":"${privateKey}"}`))),
      messageOf(() => loadHotWalletKey(keyring, join(dir, 'missing.json'))),
      messageOf(() => encryptHotWalletKey(keyring, `${privateKey}00`)),
    ];
    expect(messages[0]).toMatch(/does not open/);
    expect(messages[1]).toMatch(/no key for purpose "hot-wallet"/);
    expect(messages[2]).toMatch(/does not open/);
    expect(messages[3]).toMatch(/not a hot wallet key file/);
    expect(messages[4]).toMatch(/ENOENT/);
    expect(messages[5]).toMatch(/not a private key/);
    for (const message of messages) expect(message.toLowerCase()).not.toContain(privateKey.slice(2).toLowerCase());
  });
});

describe('custody: only the signer loads a key', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  function sources(folder: string): string[] {
    return readdirSync(join(root, folder)).flatMap((name) => {
      const path = join(root, folder, name);
      if (statSync(path).isDirectory()) return sources(relative(root, path));
      return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [relative(root, path)] : [];
    });
  }
  const files = ['app', 'server', 'scripts', 'db', 'config', 'common', 'clients'].flatMap(sources).sort();

  it.each([
    // The key file is opened by the signer's process and written by the CLI on the signer's host.
    ['hot-wallet-key', /from '[^']*hot-wallet-key'/, ['scripts/cli/commands.ts', 'scripts/signer-process.ts']],
    // The deposit seed likewise: opened by the signer's process, written by the CLI.
    ['deposit-seed', /from '[^']*deposit-seed'/, ['scripts/cli/commands.ts', 'scripts/signer-process.ts']],
    ['the signer process', /from '[^']*signer-process'/, ['scripts/signer.ts']],
    ['the signer loop', /from '[^']*start-signer'/, ['scripts/signer-process.ts']],
    // TRON transfers are built and signed only by the signer's TRON modules.
    ['the TRON transfer signer', /from '[^']*trc20-transfer'/, ['server/chain-sends/tron/advance-open-tron-sends.ts', 'server/chain-sends/tron/sign-queued-tron-send.ts', 'server/chain-sends/tron/tron-signer-chain.ts', 'server/chains/tron/trx-transfer.ts']],
    ['the TRX transfer signer', /from '[^']*trx-transfer'/, ['server/chain-sends/tron/sign-queued-tron-send.ts']],
    ['the TRON signer loop', /from '[^']*tron-chain-work'/, ['server/chain-sends/start-signer.ts']],
    // API nodes, the watcher and the scheduler never make a spending account from anything.
    ['a private key account', /privateKeyToAccount|mnemonicToAccount|hdKeyToAccount/, ['server/chain-sends/deposit-seed.ts', 'server/chain-sends/hot-wallet-key.ts']],
  ])('%s is imported by its allowed files only', (_what, pattern, allowed) => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((file) => pattern.test(readFileSync(join(root, file), 'utf8')))).toEqual(allowed);
  });
});

describe('logs never hold the key', () => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    setLogLevel(undefined);
  });

  it('redacts key fields at the top level and one level down', () => {
    const lines: string[] = [];
    restore = setLogSink((line) => lines.push(line));
    setLogLevel('debug');
    const privateKey = generatePrivateKey();
    log('info', 'signer', { privateKey, key: { privateKey, mnemonic: 'test test junk', seed: privateKey, encryptedKey: 'v1.x' } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(privateKey.slice(2));
    expect(lines[0]).not.toContain('test test junk');
    expect(lines[0]).toContain('[redacted]');
  });
});
