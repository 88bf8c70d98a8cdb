import { z } from 'zod';
import { addressDeriverFor } from './address-derivers';
import type { ChainFamily } from './chain-adapter';

/**
 * The chains Corridor watches, as data (docs/wallet.md, "Chains"). A deployment names the chains it
 * uses in CORRIDOR_CHAINS (JSON) or CORRIDOR_CHAINS_FILE: an entry whose key is in the catalog
 * below takes the catalog's values and needs only its RPC URL; any other entry gives every field.
 * Production refuses local and test networks: their USDT is worth nothing.
 */
type NetworkKind = 'mainnet' | 'testnet' | 'local';

interface ChainToken {
  /** The contract in the family's canonical form (EVM: 0x..., TRON: T...). */
  contract: string;
  /** The token's own decimals: USDT has 6 on Ethereum and TRON, 18 on BNB Smart Chain. */
  decimals: number;
}

export interface ChainConfig {
  /** Stable key stored with every deposit and cursor: never rename a chain in use. */
  key: string;
  family: ChainFamily;
  name: string;
  network: NetworkKind;
  tokens: { USDT: ChainToken };
  /** Blocks on top of a deposit's block (the block itself counts as 1) before it is credited. */
  confirmations: number;
  pollIntervalMs: number;
  /** The widest block range one log query asks for: providers refuse or throttle wide ones. */
  maxBlockRange: number;
  /** Smaller deposits are recorded and held, not credited (6-decimal USDT). */
  minimumDeposit: string;
  rpcUrl: string;
  /**
   * The platform's hot wallet on this chain, in the family's canonical form: only its address (no
   * key), so the solvency check counts what it holds (docs/wallet.md, "Solvency check").
   */
  hotWallet?: string;
  /** The native coin gas is paid in (ETH, BNB, TRX): how the signer names what a send spent. */
  nativeSymbol?: string;
  /**
   * A block explorer's page for a transaction, with `{hash}` where the hash goes: the pages link a
   * withdrawal's hash to it. None for local chains (nothing to link to): the hash shows as text.
   */
  explorerTxUrl?: string;
}

const chainKey = z.string().regex(/^[a-z][a-z0-9-]{1,31}$/, 'lowercase letters, digits and dashes, 2 to 32');
const usdt6 = z.string().regex(/^\d{1,12}(\.\d{1,6})?$/, 'a USDT amount with at most 6 decimals');

const fullEntry = z
  .object({
    key: chainKey,
    family: z.enum(['evm', 'tron']),
    name: z.string().min(1).max(64),
    network: z.enum(['mainnet', 'testnet', 'local']),
    tokens: z.object({ USDT: z.object({ contract: z.string().min(1).max(64), decimals: z.number().int().min(0).max(36) }).strict() }).strict(),
    confirmations: z.number().int().min(1).max(10_000),
    pollIntervalMs: z.number().int().min(100).max(600_000),
    maxBlockRange: z.number().int().min(1).max(100_000),
    minimumDeposit: usdt6,
    rpcUrl: z.url(),
    hotWallet: z.string().min(1).max(64).optional(),
    nativeSymbol: z.string().regex(/^[A-Z]{2,8}$/).optional(),
    explorerTxUrl: z
      .url({ protocol: /^https$/ })
      .max(200)
      .refine((url) => url.includes('{hash}'), 'must contain {hash}')
      .optional(),
  })
  .strict();

/** Known chains: what an operator would otherwise have to look up and could get wrong. */
const CHAIN_CATALOG: Record<string, Omit<ChainConfig, 'rpcUrl'>> = {
  ethereum: {
    key: 'ethereum',
    family: 'evm',
    name: 'Ethereum',
    network: 'mainnet',
    tokens: { USDT: { contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6 } },
    confirmations: 64,
    pollIntervalMs: 12_000,
    maxBlockRange: 500,
    minimumDeposit: '1',
    nativeSymbol: 'ETH',
    explorerTxUrl: 'https://etherscan.io/tx/{hash}',
  },
  bsc: {
    key: 'bsc',
    family: 'evm',
    name: 'BNB Smart Chain',
    network: 'mainnet',
    tokens: { USDT: { contract: '0x55d398326f99059fF775485246999027B3197955', decimals: 18 } },
    confirmations: 20,
    pollIntervalMs: 3_000,
    maxBlockRange: 500,
    minimumDeposit: '1',
    nativeSymbol: 'BNB',
    explorerTxUrl: 'https://bscscan.com/tx/{hash}',
  },
  tron: {
    key: 'tron',
    family: 'tron',
    name: 'TRON',
    network: 'mainnet',
    tokens: { USDT: { contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', decimals: 6 } },
    confirmations: 20,
    pollIntervalMs: 3_000,
    maxBlockRange: 200,
    minimumDeposit: '1',
    nativeSymbol: 'TRX',
    explorerTxUrl: 'https://tronscan.org/#/transaction/{hash}',
  },
};

/** An entry of the configuration: a catalog key with its RPC URL (and any override), or a whole chain. */
const entry = z.looseObject({ key: chainKey, rpcUrl: z.url() });

/**
 * The configured chains, checked: unknown fields, duplicate keys and (in production) local or test
 * networks are refused with a message naming the entry.
 */
export function parseChains(text: string | undefined, options: { production: boolean }): ChainConfig[] {
  if (text === undefined || text.trim() === '') return [];
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Error('Chain configuration: not valid JSON');
  }
  const entries = z.array(entry).max(32).safeParse(raw);
  if (!entries.success) throw new Error(`Chain configuration: ${describe(entries.error)}`);
  const chains: ChainConfig[] = [];
  for (const item of entries.data) {
    const base = CHAIN_CATALOG[item.key];
    const merged = base ? { ...base, ...item, tokens: { ...base.tokens, ...(item.tokens as object | undefined) } } : item;
    const parsed = fullEntry.safeParse(merged);
    if (!parsed.success) throw new Error(`Chain configuration, ${item.key}: ${describe(parsed.error)}`);
    if (parsed.data.hotWallet !== undefined) {
      const canonical = addressDeriverFor(parsed.data.family).canonicalAddress(parsed.data.hotWallet);
      if (canonical === null) throw new Error(`Chain configuration, ${item.key}: hotWallet is not an address of the ${parsed.data.family} family`);
      parsed.data.hotWallet = canonical;
    }
    if (chains.some((chain) => chain.key === parsed.data.key)) throw new Error(`Chain configuration: ${item.key} is listed twice`);
    if (options.production && parsed.data.network !== 'mainnet') {
      throw new Error(`Chain configuration, ${item.key}: a ${parsed.data.network} network is refused in production (its USDT is worth nothing)`);
    }
    chains.push(parsed.data);
  }
  return chains;
}

function describe(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(entry)'}: ${issue.message}`).join('; ');
}

/** A configured chain by key; an unknown key is the caller's input problem, so it returns undefined. */
export function chainByKey(chains: readonly ChainConfig[], key: string): ChainConfig | undefined {
  return chains.find((chain) => chain.key === key);
}
