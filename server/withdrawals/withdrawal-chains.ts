import type { Executor } from '../../db/client';
import type { ChainSettings } from '../chains/chain-settings';
import { feeOf, withdrawalSettings } from './withdrawal-settings';

/** The chains a withdrawal may use, each with its flat fee and the limits (GET /api/v1/wallet/withdrawal-chains). */
export async function withdrawalChains(db: Executor, chains: ChainSettings) {
  const settings = await withdrawalSettings(db);
  return {
    items: chains.chains.map((chain) => ({
      chain: chain.key,
      name: chain.name,
      family: chain.family,
      fee: feeOf(settings, chain.key),
      minimumAmount: settings.minimumAmount,
      ownerDailyLimit: settings.ownerDailyLimit,
    })),
  };
}
