import { readFileSync } from 'node:fs';
import { env, type Env } from '../../config/env';
import type { ChainFamily } from './chain-adapter';
import { parseChains, type ChainConfig } from './chains';

/**
 * The chains and extended public keys this process was configured with (docs/wallet.md,
 * "Configuration"), read once from the validated environment. A bad configuration stops the start.
 */
export interface ChainSettings {
  chains: ChainConfig[];
  /** The account-level extended public key per family; only public keys ever. */
  xpubs: Partial<Record<ChainFamily, string>>;
}

export function chainSettingsFrom(config: Env): ChainSettings {
  if (config.CORRIDOR_CHAINS && config.CORRIDOR_CHAINS_FILE) throw new Error('Set CORRIDOR_CHAINS or CORRIDOR_CHAINS_FILE, not both');
  const text = config.CORRIDOR_CHAINS_FILE ? readFileSync(config.CORRIDOR_CHAINS_FILE, 'utf8') : config.CORRIDOR_CHAINS;
  const chains = parseChains(text, { production: config.production });
  const xpubs: ChainSettings['xpubs'] = { evm: config.CORRIDOR_EVM_XPUB, tron: config.CORRIDOR_TRON_XPUB };
  for (const chain of chains) {
    if (!xpubs[chain.family]) throw new Error(`Chain configuration, ${chain.key}: no extended public key for the ${chain.family} family (CORRIDOR_${chain.family.toUpperCase()}_XPUB)`);
  }
  return { chains, xpubs };
}

let cached: ChainSettings | undefined;

/** This process's chain settings, from its environment (config/env.ts), parsed once. */
export function chainSettings(): ChainSettings {
  cached ??= chainSettingsFrom(env());
  return cached;
}

/** Sets the process's chain settings (tests, like db/index.ts's setProcessDatabase). */
export function setProcessChainSettings(settings: ChainSettings | undefined): void {
  cached = settings;
}
