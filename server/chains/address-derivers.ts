import type { AddressDeriver, ChainFamily } from './chain-adapter';
import { evmAddressDeriver } from './evm/evm-address-deriver';
import { TronAddressDeriver } from './tron/address-deriver';

/**
 * Each chain family's address derivation from its extended public key. The deposit addresses find
 * it here; a family without an entry cannot be configured for deposits yet. Kept apart from the
 * readers (chain-readers.ts) so an API node that only hands out addresses never loads a node client.
 */
const derivers: Partial<Record<ChainFamily, AddressDeriver>> = {
  evm: evmAddressDeriver,
  tron: new TronAddressDeriver(),
};

export function addressDeriverFor(family: ChainFamily): AddressDeriver {
  const deriver = derivers[family];
  if (!deriver) throw new Error(`no address deriver for the ${family} chain family`);
  return deriver;
}

export function hasAddressDeriver(family: ChainFamily): boolean {
  return derivers[family] !== undefined;
}
