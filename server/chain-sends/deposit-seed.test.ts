import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signerKeyringText, TRON_XPUB, XPUB } from '../../tests/chain/signer-fixture';
import { addressDeriverFor } from '../chains/address-derivers';
import { evmAddressDeriver } from '../chains/evm/evm-address-deriver';
import { keyPurposes, parseKeyring } from '../crypto/keyring';
import { encryptDepositSeed, loadDepositSeed, loadTronDepositSeed } from './deposit-seed';
import { tronSignerOf } from './tron/tron-signer-chain';

const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
// The well-known test mnemonic whose first account is anvil's (docs/wallet.md, "Custody").
const OTHER = 'test test test test test test test test test test test junk';

const dir = mkdtempSync(join(tmpdir(), 'corridor-seed-'));
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

describe('the deposit seed file (docs/wallet.md, "Sweeps")', () => {
  const keyring = parseKeyring(signerKeyringText());

  it('opens as the keys of the very addresses the extended public key makes, and holds no mnemonic in clear', () => {
    const { xpub, file } = encryptDepositSeed(keyring, `  ${MNEMONIC.replaceAll(' ', '  ')}\n`);
    expect(xpub).toBe(XPUB);
    expect(file).not.toContain('abandon');
    const accounts = loadDepositSeed(keyring, write(file), XPUB);
    for (const index of [0, 1, 7, 1000]) expect(accounts(index).address).toBe(evmAddressDeriver.deriveAddress(XPUB, index));
  });

  it('opens as the keys of the TRON deposit addresses when it makes CORRIDOR_TRON_XPUB, and refuses another TRON key', () => {
    const { xpub, tronXpub, file } = encryptDepositSeed(keyring, MNEMONIC);
    expect(tronXpub).toBe(TRON_XPUB);
    const path = write(file);
    const accounts = loadTronDepositSeed(keyring, path, xpub, TRON_XPUB);
    for (const index of [0, 1, 7, 1000]) expect(tronSignerOf(accounts(index)).address).toBe(addressDeriverFor('tron').deriveAddress(TRON_XPUB, index));
    // Another seed's TRON account: not the key the deposit addresses were made from.
    const other = encryptDepositSeed(keyring, OTHER).tronXpub;
    expect(messageOf(() => loadTronDepositSeed(keyring, path, xpub, other))).toBe('CORRIDOR_SIGNER_SEED_FILE: the seed is not the one CORRIDOR_TRON_XPUB was made from');
    expect(messageOf(() => loadTronDepositSeed(keyring, path, 'xpub-other', TRON_XPUB))).toContain('CORRIDOR_EVM_XPUB');
  });

  it('refuses a seed of another key, another keyring, a keyring without the hot-wallet key, a bad file and a bad mnemonic, without echoing it', () => {
    const { file } = encryptDepositSeed(keyring, MNEMONIC);
    const other = encryptDepositSeed(keyring, OTHER);
    const withoutHotWallet = parseKeyring(keyPurposes.map((purpose) => `${purpose}:k1:${randomBytes(32).toString('base64')}`).join(','));
    const messages = [
      messageOf(() => loadDepositSeed(keyring, write(other.file), XPUB)),
      messageOf(() => loadDepositSeed(parseKeyring(signerKeyringText()), write(file), XPUB)),
      messageOf(() => loadDepositSeed(withoutHotWallet, write(file), XPUB)),
      messageOf(() => loadDepositSeed(keyring, write('{"version":1}'), XPUB)),
      messageOf(() => encryptDepositSeed(keyring, `${MNEMONIC} abandon`)),
    ];
    expect(messages[0]).toMatch(/not the one CORRIDOR_EVM_XPUB was made from/);
    expect(messages[1]).toMatch(/does not open/);
    expect(messages[2]).toMatch(/no key for purpose "hot-wallet"/);
    expect(messages[3]).toMatch(/not a deposit seed file/);
    expect(messages[4]).toMatch(/not a BIP39 mnemonic/);
    for (const message of messages) expect(message).not.toMatch(/abandon|junk/);
  });
});
