import { getAddress, isAddress } from 'viem';
import type { ChainFamily } from '../../chains/chain-adapter';
import { canonicalTronAddress } from '../../chains/tron/address';

/**
 * The canonical form of an address on a chain family, or null when it is not one: EVM strictly
 * (a mixed-case address must carry a valid EIP-55 checksum; all lower case has none to check),
 * TRON by its base58check checksum. Only the canonical form is stored and sent.
 */
export function canonicalWithdrawalAddress(family: ChainFamily, text: string): string | null {
  if (family === 'evm') return isAddress(text, { strict: true }) ? getAddress(text) : null;
  return canonicalTronAddress(text);
}
