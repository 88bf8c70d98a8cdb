import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { signerKeyringText } from '../../tests/chain/signer-fixture';
import { parseKeyring } from '../../server/crypto/keyring';
import { tronSignerOf } from '../../server/chain-sends/tron/tron-signer-chain';
import { loadHotWalletKey } from '../../server/chain-sends/hot-wallet-key';

/** `npm run corridor -- signer encrypt-key`, the key on standard input as an operator pipes it. */
function encryptKey(input: string, out: string, keyring: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/corridor.ts', 'signer', 'encrypt-key', '--out', out], {
      cwd: process.cwd(),
      env: { ...process.env, CORRIDOR_ENCRYPTION_KEYS: keyring, DATABASE_URL: '', NODE_ENV: 'development' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
    child.stdin.end(input);
  });
}

describe('signer encrypt-key', () => {
  it('writes a key file the signer opens (mode 0600), never over an existing one, and never prints the key', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'corridor-signer-cli-'));
    const out = join(dir, 'hot-wallet.json');
    const keyring = signerKeyringText();
    const privateKey = generatePrivateKey();
    const address = privateKeyToAccount(privateKey).address;

    const written = await encryptKey(`${privateKey}\n`, out, keyring);
    expect(written.code).toBe(0);
    expect(written.output).toContain(address);
    // The same key's TRON account, for a TRON chain's hotWallet.
    expect(written.output).toContain(tronSignerOf(privateKeyToAccount(privateKey)).address);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    expect(readFileSync(out, 'utf8').toLowerCase()).not.toContain(privateKey.slice(2).toLowerCase());
    expect(loadHotWalletKey(parseKeyring(keyring), out).address).toBe(address);

    const again = await encryptKey(generatePrivateKey(), out, keyring);
    expect(again.code).not.toBe(0);
    expect(loadHotWalletKey(parseKeyring(keyring), out).address).toBe(address);

    const bad = await encryptKey('not a key', join(dir, 'bad.json'), keyring);
    expect(bad.code).not.toBe(0);
    expect(bad.output).toContain('not a private key');
    for (const result of [written, again, bad]) expect(result.output.toLowerCase()).not.toContain(privateKey.slice(2).toLowerCase());
  });
});
