import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { describe, expect, it } from 'vitest';
import { EVM_ACCOUNT_PATH, evmAddressDeriver } from './evm-address-deriver';

// The mnemonic every hardhat and anvil node starts from, and its published accounts.
const TEST_MNEMONIC = 'test test test test test test test test test test test junk';
const ANVIL_ACCOUNTS = ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'];

function accountXpub(mnemonic: string): string {
  return HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive(EVM_ACCOUNT_PATH).publicExtendedKey;
}

describe('BIP32 public derivation (the published test vectors)', () => {
  // BIP32 test vector 1: the public child m/0H/1 of m/0H, derived from the parent's xpub alone.
  it('vector 1: m/0H -> m/0H/1 from the public key', () => {
    const parent = HDKey.fromExtendedKey('xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXoQRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZXvgGDnw');
    expect(parent.deriveChild(1).publicExtendedKey).toBe('xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ');
    const seed = HDKey.fromMasterSeed(Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex'));
    expect(seed.derive("m/0'").publicExtendedKey).toBe(parent.publicExtendedKey);
  });

  it('vector 2: m -> m/0 from the public key', () => {
    const master = HDKey.fromExtendedKey('xpub661MyMwAqRbcFW31YEwpkMuc5THy2PSt5bDMsktWQcFF8syAmRUapSCGu8ED9W6oDMSgv6Zz8idoc4a6mr8BDzTJY47LJhkJ8UB7WEGuduB');
    expect(master.deriveChild(0).publicExtendedKey).toBe('xpub69H7F5d8KSRgmmdJg2KhpAK8SR3DjMwAdkxj3ZuxV27CprR9LgpeyGmXUbC6wb7ERfvrnKZjXoUmmDznezpbZb7ap6r1D3tgFxHmwMkQTPH');
  });
});

describe('evmAddressDeriver', () => {
  const xpub = accountXpub(TEST_MNEMONIC);

  it('derives the anvil/hardhat accounts from the account-level xpub of the test mnemonic', () => {
    ANVIL_ACCOUNTS.forEach((address, index) => expect(evmAddressDeriver.deriveAddress(xpub, index)).toBe(address));
  });

  it('is stable and distinct per index', () => {
    const addresses = Array.from({ length: 20 }, (_, index) => evmAddressDeriver.deriveAddress(xpub, index));
    expect(new Set(addresses).size).toBe(20);
    expect(evmAddressDeriver.deriveAddress(xpub, 7)).toBe(addresses[7]);
  });

  it('refuses a private extended key, a key at the wrong depth and a hardened index', () => {
    const xprv = HDKey.fromMasterSeed(mnemonicToSeedSync(TEST_MNEMONIC)).derive(EVM_ACCOUNT_PATH).privateExtendedKey;
    expect(() => evmAddressDeriver.deriveAddress(xprv, 0)).toThrow(/private/);
    const root = HDKey.fromMasterSeed(mnemonicToSeedSync(TEST_MNEMONIC)).publicExtendedKey;
    expect(() => evmAddressDeriver.deriveAddress(root, 0)).toThrow(/depth 0/);
    expect(() => evmAddressDeriver.deriveAddress(xpub, 0x8000_0000)).toThrow(/out of range/);
    expect(() => evmAddressDeriver.deriveAddress(xpub, -1)).toThrow(/out of range/);
  });

  it('canonicalises addresses to EIP-55 and refuses a bad checksum or non-address', () => {
    expect(evmAddressDeriver.canonicalAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toBe(ANVIL_ACCOUNTS[0]);
    expect(evmAddressDeriver.canonicalAddress('0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBeNull();
    expect(evmAddressDeriver.canonicalAddress('0x1234')).toBeNull();
    expect(evmAddressDeriver.canonicalAddress('TR7NHqjeKQxGTCi8q8ZY6pPjdLj6t')).toBeNull();
  });
});
