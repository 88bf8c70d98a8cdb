import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../config/env';
import { chainSettingsFrom } from './chain-settings';

const XPUB = 'xpub6BosfCnifzxcFwrSzQiqu2DBVTshkCXacvNsWGYJVVhhawA7d4R5WSWGFNbi8Aw6ZRc1brxMyWMzG3DSSSSoekkudhUd9yLb6qx39T9nMdj';
const chains = JSON.stringify([{ key: 'ethereum', rpcUrl: 'https://eth.example' }]);

describe('chainSettingsFrom', () => {
  it('reads the chains and the family key from the environment', () => {
    const settings = chainSettingsFrom(parseEnv({ CORRIDOR_MODE: 'demo', CORRIDOR_CHAINS: chains, CORRIDOR_EVM_XPUB: XPUB }));
    expect(settings.chains.map((chain) => chain.key)).toEqual(['ethereum']);
    expect(settings.xpubs.evm).toBe(XPUB);
  });

  it('refuses a chain whose family has no extended public key, and both sources at once', () => {
    expect(() => chainSettingsFrom(parseEnv({ CORRIDOR_MODE: 'demo', CORRIDOR_CHAINS: chains }))).toThrow(/ethereum: no extended public key for the evm family \(CORRIDOR_EVM_XPUB\)/);
    expect(() => chainSettingsFrom(parseEnv({ CORRIDOR_MODE: 'demo', CORRIDOR_CHAINS: chains, CORRIDOR_CHAINS_FILE: '/x', CORRIDOR_EVM_XPUB: XPUB }))).toThrow(/not both/);
  });

  it('never takes a private key in the key variable', () => {
    expect(() => parseEnv({ CORRIDOR_EVM_XPUB: 'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi' })).toThrow(/CORRIDOR_EVM_XPUB/);
  });

  it('is empty without chains', () => {
    expect(chainSettingsFrom(parseEnv({})).chains).toEqual([]);
  });
});
