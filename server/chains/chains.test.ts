import { describe, expect, it } from 'vitest';
import { addressDeriverFor } from './address-derivers';
import { parseChains } from './chains';

const local = {
  key: 'anvil',
  family: 'evm',
  name: 'Local anvil',
  network: 'local',
  tokens: { USDT: { contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3', decimals: 6 } },
  confirmations: 3,
  pollIntervalMs: 500,
  maxBlockRange: 50,
  minimumDeposit: '0.01',
  rpcUrl: 'http://127.0.0.1:8545',
};

describe('parseChains', () => {
  it('fills a catalog chain from its key and keeps the per-chain token decimals', () => {
    const [eth, bsc] = parseChains(JSON.stringify([{ key: 'ethereum', rpcUrl: 'https://eth.example' }, { key: 'bsc', rpcUrl: 'https://bsc.example', confirmations: 30 }]), { production: true });
    expect(eth).toMatchObject({ family: 'evm', tokens: { USDT: { decimals: 6 } }, rpcUrl: 'https://eth.example' });
    expect(bsc).toMatchObject({ tokens: { USDT: { decimals: 18 } }, confirmations: 30 });
  });

  it('names each catalog chain\'s USDT by a valid address of its family, in canonical form', () => {
    const chains = parseChains(JSON.stringify(['ethereum', 'bsc', 'tron'].map((key) => ({ key, rpcUrl: 'https://node.example' }))), { production: true });
    for (const chain of chains) expect(addressDeriverFor(chain.family).canonicalAddress(chain.tokens.USDT.contract), chain.key).toBe(chain.tokens.USDT.contract);
    expect(chains.find((chain) => chain.key === 'tron')!.tokens.USDT.contract).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  });

  it('takes a whole chain outside the catalog', () => {
    expect(parseChains(JSON.stringify([local]), { production: false })).toEqual([local]);
  });

  it('refuses local and test networks in production', () => {
    expect(() => parseChains(JSON.stringify([local]), { production: true })).toThrow(/anvil: a local network is refused in production/);
  });

  it('refuses incomplete, unknown-field, duplicate and malformed entries with the entry named', () => {
    expect(() => parseChains(JSON.stringify([{ key: 'mychain', rpcUrl: 'http://x.example' }]), { production: false })).toThrow(/mychain: family/);
    expect(() => parseChains(JSON.stringify([{ ...local, extra: 1 }]), { production: false })).toThrow(/anvil/);
    expect(() => parseChains(JSON.stringify([local, local]), { production: false })).toThrow(/listed twice/);
    expect(() => parseChains(JSON.stringify([{ ...local, minimumDeposit: 1 }]), { production: false })).toThrow(/minimumDeposit/);
    expect(() => parseChains('{', { production: false })).toThrow(/not valid JSON/);
    expect(() => parseChains(JSON.stringify([{ key: 'ethereum' }]), { production: false })).toThrow(/rpcUrl/);
  });

  it('takes a hot wallet address in the canonical form of its family, and refuses one that is not', () => {
    const [chain] = parseChains(JSON.stringify([{ ...local, hotWallet: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266' }]), { production: false });
    expect(chain?.hotWallet).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(() => parseChains(JSON.stringify([{ ...local, hotWallet: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }]), { production: false })).toThrow(/anvil: hotWallet is not an address of the evm family/);
    expect(() => parseChains(JSON.stringify([{ ...local, hotWallet: '0xF39fd6e51aad88f6f4ce6ab8827279cfffb92266' }]), { production: false })).toThrow(/hotWallet/);
  });

  it('links mainnet transactions to their explorer, and takes only an https template with {hash}', () => {
    const [eth, tron] = parseChains(JSON.stringify([{ key: 'ethereum', rpcUrl: 'https://eth.example' }, { key: 'tron', rpcUrl: 'https://tron.example' }]), { production: true });
    expect(eth?.explorerTxUrl).toBe('https://etherscan.io/tx/{hash}');
    expect(tron?.explorerTxUrl).toBe('https://tronscan.org/#/transaction/{hash}');
    expect(parseChains(JSON.stringify([local]), { production: false })[0]?.explorerTxUrl).toBeUndefined();
    expect(() => parseChains(JSON.stringify([{ ...local, explorerTxUrl: 'https://scan.example/tx/' }]), { production: false })).toThrow(/explorerTxUrl: must contain \{hash\}/);
    expect(() => parseChains(JSON.stringify([{ ...local, explorerTxUrl: 'javascript:alert({hash})' }]), { production: false })).toThrow(/explorerTxUrl/);
  });

  it('is empty when nothing is configured', () => {
    expect(parseChains(undefined, { production: true })).toEqual([]);
    expect(parseChains('  ', { production: true })).toEqual([]);
  });
});
