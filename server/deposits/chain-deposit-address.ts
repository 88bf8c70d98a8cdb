import type { Db } from '../../db/client';
import type { ChainSettings } from '../chains/chain-settings';
import { chainByKey } from '../chains/chains';
import { hasAddressDeriver } from '../chains/address-derivers';
import { DomainError } from '../errors';
import { depositAddressFor, type DepositOwner } from './deposit-address';

/**
 * The owner's deposit address on one configured chain, with what the owner needs to send to it
 * (docs/api.md, "Get a deposit address"). A chain this deployment does not watch is
 * CHAIN_NOT_SUPPORTED and nothing is made.
 */
export async function chainDepositAddress(db: Db, options: { owner: DepositOwner; chainKey: string; settings: ChainSettings }) {
  const chain = chainByKey(options.settings.chains, options.chainKey);
  const xpub = chain ? options.settings.xpubs[chain.family] : undefined;
  if (!chain || !xpub || !hasAddressDeriver(chain.family)) {
    const known = options.settings.chains.map((c) => c.key);
    throw new DomainError('CHAIN_NOT_SUPPORTED', known.length > 0 ? `Deposits are watched on ${known.join(', ')} only.` : 'This deployment watches no chain for deposits.');
  }
  const address = await depositAddressFor(db, { owner: options.owner, family: chain.family, xpub });
  return {
    chain: chain.key,
    family: chain.family,
    address: address.address,
    token: { symbol: 'USDT' as const, contract: chain.tokens.USDT.contract, decimals: chain.tokens.USDT.decimals },
    confirmations: chain.confirmations,
    minimumDeposit: chain.minimumDeposit,
  };
}
