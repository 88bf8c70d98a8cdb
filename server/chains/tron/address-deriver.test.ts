import { bytesToHex } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { TronWeb } from 'tronweb';
import { describe, expect, it } from 'vitest';
import { parseAccountXpub, TronAddressDeriver } from './address-deriver';

/** BIP39's test mnemonic ("abandon" ×11, "about"), the one most wallets publish vectors for. */
const ABANDON = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
/** Trezor's test mnemonic ("all" ×12): its firmware tests pin TRON addresses for it. */
const ALL = 'all all all all all all all all all all all all';

const root = (mnemonic: string) => HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic));
const accountXpub = (mnemonic: string, account = 0) => root(mnemonic).derive(`m/44'/195'/${account}'`).publicExtendedKey;

/** The account xpub of ABANDON at m/44'/195'/0', as Keystone's firmware tests and others publish it. */
const ABANDON_XPUB = 'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd';

describe('TronAddressDeriver', () => {
  const deriver = new TronAddressDeriver();

  it('derives the published address of the BIP39 test mnemonic at m/44\'/195\'/0\'/0/0 from the published xpub', () => {
    expect(accountXpub(ABANDON)).toBe(ABANDON_XPUB);
    // Ledger's TRON app test and Keystone's firmware test expect this address for index 0.
    expect(deriver.deriveAddress(ABANDON_XPUB, 0)).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
    expect(deriver.deriveAddress(ABANDON_XPUB, 1)).toBe('TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK');
  });

  it("derives Trezor's published TRON addresses for its test mnemonic, accounts 0 to 2", () => {
    const account0 = accountXpub(ALL, 0);
    expect(deriver.deriveAddress(account0, 0)).toBe('TY72iA3SBtrds3QLYsS7LwYfkzXwAXCRWT');
    expect(deriver.deriveAddress(account0, 1)).toBe('TFz2CJn9CJb8C4i1Gke3jmZX2fRMJxniH2');
    expect(deriver.deriveAddress(account0, 2)).toBe('TQSw9qVAigRwfgPdf7aW4wxbG9tFitexg2');
    expect(deriver.deriveAddress(accountXpub(ALL, 1), 0)).toBe('TNPgkSKfz2xS39fcyfrouz7QPbkkJaDLYv');
    expect(deriver.deriveAddress(accountXpub(ALL, 2), 0)).toBe('TUKx4Z56RMrYWzAu1qoiDSHQTNiSgYHYyF');
  });

  it('derives from the xpub alone what tronweb derives from the private key of the same path', () => {
    const seedRoot = root(ABANDON);
    for (const index of [0, 1, 2, 7, 1000, 2 ** 31 - 1]) {
      const privateKey = seedRoot.derive(`m/44'/195'/0'/0/${index}`).privateKey!;
      expect(deriver.deriveAddress(ABANDON_XPUB, index)).toBe(TronWeb.address.fromPrivateKey(bytesToHex(privateKey)));
    }
  });

  it('gives the same address for the same index, and different ones for different indices or keys', () => {
    const other = accountXpub(ALL);
    const a = deriver.deriveAddress(ABANDON_XPUB, 5);
    expect(deriver.deriveAddress(other, 5)).not.toBe(a);
    expect(deriver.deriveAddress(ABANDON_XPUB, 5)).toBe(a);
    expect(new TronAddressDeriver().deriveAddress(ABANDON_XPUB, 5)).toBe(a);
    expect(deriver.deriveAddress(ABANDON_XPUB, 6)).not.toBe(a);
    expect(deriver.canonicalAddress(a)).toBe(a);
  });

  it('refuses indices outside 0..2^31-1', () => {
    for (const index of [-1, 2 ** 31, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => deriver.deriveAddress(ABANDON_XPUB, index)).toThrow(RangeError);
    }
  });

  it('refuses a private key, a key at the wrong depth, a testnet key and junk, without echoing the key', () => {
    const seedRoot = root(ABANDON);
    const xprv = seedRoot.derive("m/44'/195'/0'").privateExtendedKey;
    const cases: Array<[string, RegExp]> = [
      [xprv, /account-level xpub/],
      [seedRoot.publicExtendedKey, /depth 0/],
      [seedRoot.derive("m/44'/195'/0'/0").publicExtendedKey, /depth 4/],
      [HDKey.fromMasterSeed(mnemonicToSeedSync(ABANDON), { private: 0x04358394, public: 0x043587cf }).derive("m/44'/195'/0'").publicExtendedKey, /account-level xpub/],
      [`${ABANDON_XPUB.slice(0, -1)}e`, /not a valid xpub/],
      ['', /account-level xpub/],
    ];
    for (const [key, message] of cases) {
      let error: unknown;
      try {
        parseAccountXpub(key);
      } catch (caught) {
        error = caught;
      }
      expect(error, key).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(message);
      if (key) expect((error as Error).message).not.toContain(key.slice(4, 20));
    }
  });
});
