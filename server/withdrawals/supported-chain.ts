import type { ChainSettings } from '../chains/chain-settings';
import { chainByKey, type ChainConfig } from '../chains/chains';
import { DomainError } from '../errors';

/** A chain this deployment is configured for, or CHAIN_NOT_SUPPORTED naming those it is. */
export function supportedChain(settings: ChainSettings, key: string): ChainConfig {
  const chain = chainByKey(settings.chains, key);
  if (chain) return chain;
  const known = settings.chains.map((c) => c.key);
  throw new DomainError('CHAIN_NOT_SUPPORTED', known.length > 0 ? `Withdrawals are made on ${known.join(', ')} only.` : 'This deployment is configured for no chain.');
}
