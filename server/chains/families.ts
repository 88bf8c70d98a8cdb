import type { AddressDeriver, ChainFamily, ChainReader } from './chain-adapter';
import type { ChainConfig } from './chains';
import { evmAddressDeriver } from './evm/evm-address-deriver';
import { evmChainReader } from './evm/evm-chain-reader';

/**
 * Each chain family's adapter: how its addresses are derived and how its chains are read. The
 * watcher and the deposit addresses find them here and nowhere else; a family without an entry
 * cannot be configured for deposits yet.
 */
interface FamilyAdapter {
  deriver: AddressDeriver;
  reader(chain: ChainConfig): ChainReader;
}

const adapters: Partial<Record<ChainFamily, FamilyAdapter>> = {
  evm: { deriver: evmAddressDeriver, reader: (chain) => evmChainReader({ rpcUrl: chain.rpcUrl }) },
};

export function familyAdapter(family: ChainFamily): FamilyAdapter {
  const adapter = adapters[family];
  if (!adapter) throw new Error(`no adapter for the ${family} chain family`);
  return adapter;
}

export function hasFamilyAdapter(family: ChainFamily): boolean {
  return adapters[family] !== undefined;
}
