import { z } from 'zod';

/**
 * The process configuration, validated once with zod. Nothing else reads process.env, so every
 * variable is listed here (and in the README's configuration table).
 */
const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * demo: well-known demo keys allowed, demo data seeded, webhooks may reach private addresses.
   * production: refuses to start without real secrets (server/config/production-readiness.ts).
   * Default: demo on the embedded database, production with DATABASE_URL (docs/security.md).
   */
  CORRIDOR_MODE: z.preprocess(blankToUndefined, z.enum(['demo', 'production']).optional()),
  DATABASE_URL: z.preprocess(blankToUndefined, z.string().startsWith('postgres').optional()),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * A second pool for reads that tolerate seconds of staleness (the statement CSV export, operator
   * search and metrics; docs/deploy.md, "Reads off the primary"): the formation's nodes, asked with
   * target_session_attrs=prefer-standby unless the URL names its own. Unset: they read the primary.
   */
  DATABASE_READ_URL: z.preprocess(blankToUndefined, z.string().startsWith('postgres').optional()),
  /** Connections in the read pool; DATABASE_POOL_SIZE when unset. */
  DATABASE_READ_POOL_SIZE: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(200).optional()),
  PGLITE_DIR: z.string().min(1).default('.data/pglite'),
  PUBLIC_BASE_URL: z.url().default('http://localhost:3000'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  CORRIDOR_ENCRYPTION_KEYS: z.preprocess(blankToUndefined, z.string().optional()),
  AUTH_SECRET: z.preprocess(blankToUndefined, z.string().min(32).optional()),
  /**
   * The reverse proxies whose X-Forwarded-For is believed: a comma-separated list of addresses or
   * CIDR ranges (`127.0.0.1,10.0.0.0/8`). Unset: no proxy is trusted and the client address is the
   * socket's peer.
   */
  TRUST_PROXY: z.preprocess(blankToUndefined, z.string().optional()),
  CORRIDOR_SCHEDULER: z.enum(['on', 'off']).default('on'),
  /** off: an API-only node (REST, probes, metrics), no pages and no Next build needed. */
  CORRIDOR_PAGES: z.enum(['on', 'off']).default('on'),
  CORRIDOR_WEBHOOK_WORKER: z.enum(['on', 'off']).default('on'),
  CORRIDOR_WEBHOOK_ALLOW_PRIVATE: z.preprocess(blankToUndefined, z.enum(['0', '1']).optional()),
  CORRIDOR_WEBHOOK_LEASE_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /** The alert loop (docs/alerts.md) beside the webhook worker; off on nodes that leave it to `npm run worker`. */
  CORRIDOR_ALERT_WORKER: z.enum(['on', 'off']).default('on'),
  /** The Telegram bot's token from @BotFather. Unset: alerts are queued and written, none is sent. */
  TELEGRAM_BOT_TOKEN: z.preprocess(blankToUndefined, z.string().regex(/^\d+:[A-Za-z0-9_-]{20,}$/).optional()),
  /** The bot's username (without @): the Alerts pages link to https://t.me/<username>?start=<code>. */
  TELEGRAM_BOT_USERNAME: z.preprocess(blankToUndefined, z.string().regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/).optional()),
  /** The contact push services see in the VAPID signature (mailto: or https:); unset: PUBLIC_BASE_URL. */
  CORRIDOR_PUSH_SUBJECT: z.preprocess(blankToUndefined, z.string().regex(/^(mailto:|https:\/\/)\S+$/).optional()),
  /** The Bot API's address (a local Bot API server, or a stand-in in tests); unset: https://api.telegram.org. */
  TELEGRAM_API_ROOT: z.preprocess(blankToUndefined, z.url().optional()),
  /**
   * Bearer token that /metrics asks for on the public port (16+ characters). Unset: /metrics is
   * open in demo mode and answers 404 in production, unless METRICS_PORT serves it apart.
   */
  METRICS_TOKEN: z.preprocess(blankToUndefined, z.string().min(16).optional()),
  /** A second port, on 127.0.0.1 unless METRICS_HOST says otherwise, serving /metrics without a token. */
  METRICS_PORT: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(65_535).optional()),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /**
   * The chains whose USDT deposits are watched, as JSON (server/chains/chains.ts, docs/wallet.md):
   * `[{"key":"ethereum","rpcUrl":"https://..."}]`. CORRIDOR_CHAINS_FILE names a file holding it instead.
   */
  CORRIDOR_CHAINS: z.preprocess(blankToUndefined, z.string().optional()),
  CORRIDOR_CHAINS_FILE: z.preprocess(blankToUndefined, z.string().optional()),
  /**
   * The account-level extended public key (m/44'/60'/0') deposit addresses on EVM chains derive
   * from. Only the public key: the private keys live in the signer alone (docs/wallet.md, "Custody").
   */
  CORRIDOR_EVM_XPUB: z.preprocess(blankToUndefined, z.string().startsWith('xpub').optional()),
  /** The same for TRON (m/44'/195'/0', docs/wallet-tron.md). */
  CORRIDOR_TRON_XPUB: z.preprocess(blankToUndefined, z.string().startsWith('xpub').optional()),
  /** Runs the chain watcher in this process (`npm run chain-watcher` runs it alone). */
  CORRIDOR_CHAIN_WATCHER: z.enum(['on', 'off']).default('on'),
  /**
   * Demo mode with no chain configured: `npm start` runs a local anvil node with a test USDT and
   * watches it (docs/wallet.md, "The demo chain"). Ignored in production.
   */
  CORRIDOR_DEMO_CHAIN: z.enum(['on', 'off']).default('on'),
  /** The demo chain's port on 127.0.0.1; 0 (the default): anvil picks a free one. */
  CORRIDOR_DEMO_CHAIN_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /**
   * The signer's encrypted hot wallet key (server/chain-sends/hot-wallet-key.ts), read by
   * `npm run signer` only; opened with the `hot-wallet` entry of CORRIDOR_ENCRYPTION_KEYS, which
   * only the signer's host lists (docs/wallet.md, "The signer").
   */
  CORRIDOR_SIGNER_KEY_FILE: z.preprocess(blankToUndefined, z.string().optional()),
  /**
   * The deposit addresses' encrypted seed (server/chain-sends/deposit-seed.ts), read by
   * `npm run signer` only, to sweep deposit addresses into the hot wallet; without it nothing is
   * swept (docs/wallet.md, "Sweeps"). With CORRIDOR_TRON_XPUB set, its TRON account must make that
   * key, and TRON deposit addresses are swept too (docs/wallet-tron.md, "Sweeps on TRON").
   */
  CORRIDOR_SIGNER_SEED_FILE: z.preprocess(blankToUndefined, z.string().optional()),
  /** Seconds between the signer's sweep plans per chain. */
  CORRIDOR_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** Seconds before the signer replaces an unmined transaction at its nonce with higher fees. */
  CORRIDOR_SIGNER_STUCK_SECONDS: z.coerce.number().int().min(5).max(86_400).default(180),
  /** Seconds between re-broadcasts of the same bytes while a transaction is not mined. */
  CORRIDOR_SIGNER_REBROADCAST_SECONDS: z.coerce.number().int().min(1).max(3_600).default(30),
  /** Minutes between solvency checks, run by the scheduler when chains are configured (docs/wallet.md, "Solvency check"). */
  CORRIDOR_SOLVENCY_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  /**
   * Scheduled delivery of each closed day's journal and settlement reports (docs/reconciliation.md,
   * "Scheduled delivery"): a directory, and/or an HTTPS endpoint whose POSTs are signed with
   * CORRIDOR_REPORTS_SECRET (`whsec_...`) like webhooks.
   */
  CORRIDOR_REPORTS_DIR: z.preprocess(blankToUndefined, z.string().optional()),
  CORRIDOR_REPORTS_URL: z.preprocess(blankToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  CORRIDOR_REPORTS_SECRET: z.preprocess(blankToUndefined, z.string().regex(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/, 'must be whsec_ followed by at least 24 bytes in base64').optional()),
});

export type Env = z.infer<typeof envSchema> & {
  mode: 'demo' | 'production';
  /** Demo mode: demo keys allowed and demo data seeded. The default for the embedded database. */
  demo: boolean;
  /** Production mode: the default with DATABASE_URL; refuses demo keys and missing secrets. */
  production: boolean;
  /** Webhooks may go to loopback and private addresses (demo mode only, unless set). */
  webhookAllowPrivate: boolean;
};

let cached: Env | undefined;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const parsed = result.data;
  if (parsed.DATABASE_READ_URL && !parsed.DATABASE_URL) {
    throw new Error('Invalid configuration:\n  DATABASE_READ_URL: needs DATABASE_URL (the read pool is a second pool of the same PostgreSQL formation)');
  }
  if (parsed.CORRIDOR_REPORTS_URL && !parsed.CORRIDOR_REPORTS_SECRET) {
    throw new Error('Invalid configuration:\n  CORRIDOR_REPORTS_SECRET: needed with CORRIDOR_REPORTS_URL (the reports are POSTed signed, like webhooks)');
  }
  const mode = parsed.CORRIDOR_MODE ?? (parsed.DATABASE_URL ? 'production' : 'demo');
  const demo = mode === 'demo';
  const production = mode === 'production';
  const webhookAllowPrivate = parsed.CORRIDOR_WEBHOOK_ALLOW_PRIVATE ? parsed.CORRIDOR_WEBHOOK_ALLOW_PRIVATE === '1' : demo;
  return { ...parsed, mode, demo, production, webhookAllowPrivate };
}

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
