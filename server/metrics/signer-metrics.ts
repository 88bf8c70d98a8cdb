import { Counter, Gauge } from 'prom-client';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { metricsRegistry, singleMetric } from './registry';

/**
 * What the signer process did with its sends, per chain (docs/operations.md, "Signer"): signed,
 * broadcast, broadcast_error, replaced, confirmed, failed. Counted in the signer's own process.
 */
export const chainSendAttemptsTotal = singleMetric(
  'corridor_signer_attempts_total',
  (registry) =>
    new Counter({
      name: 'corridor_signer_attempts_total',
      help: 'Signer steps per chain and outcome (signed, broadcast, broadcast_error, replaced, confirmed, failed).',
      labelNames: ['chain', 'outcome'] as const,
      registers: [registry],
    }),
);

/**
 * The signer's gauges, read from the database when Prometheus scrapes, so every node's /metrics
 * shows them without holding the key or asking a chain node: the hot wallet's balances as the
 * signer last read them, USDT sent in the last 24 hours, and how long the oldest open send has
 * waited (the signer's lag). Floats because Prometheus samples are; exact figures stay in the tables.
 */
export function registerSignerGauges(database: () => Promise<Db>): void {
  const registry = metricsRegistry();
  if (registry.getSingleMetric('corridor_hot_wallet_balance_usdt')) return;
  new Gauge({
    name: 'corridor_hot_wallet_balance_usdt',
    help: 'USDT the hot wallet held when the signer last read it, per chain.',
    labelNames: ['chain'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = rowsOf<{ chain: string; balance: string }>(
        await (await database()).execute(sql`select chain, sum(token_balance)::text as balance from chain_hot_wallets where token_balance is not null group by chain`),
      );
      for (const row of rows) this.set({ chain: row.chain }, Number(row.balance));
    },
  });
  new Gauge({
    name: 'corridor_hot_wallet_outflow_24h_usdt',
    help: 'USDT the signer signed out of the hot wallet in the last 24 hours (reverted sends excluded), per chain.',
    labelNames: ['chain'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = rowsOf<{ chain: string; total: string }>(
        await (await database()).execute(sql`
          select chain, sum(amount)::text as total from chain_sends
          where signed_at > now() - interval '24 hours' and state <> 'FAILED' and source_index is null group by chain`),
      );
      for (const row of rows) this.set({ chain: row.chain }, Number(row.total));
    },
  });
  new Gauge({
    name: 'corridor_hot_wallet_target_gap_usdt',
    help: 'The hot wallet\'s last-read USDT minus its target, per chain with a target: above 0 the excess to move to cold storage, below 0 withdrawals wait.',
    labelNames: ['chain'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      // The targets are platform settings (server/chain-sends/hot-wallet-settings.ts), read here as
      // stored: this module sits below chain-sends and must not import it.
      const rows = rowsOf<{ chain: string; gap: string }>(
        await (await database()).execute(sql`
          select w.chain, (sum(w.token_balance) - (s.value->'targets'->>w.chain)::numeric)::text as gap
          from chain_hot_wallets w join platform_settings s on s.key = 'wallet_hot_wallet_settings'
          where w.token_balance is not null and s.value->'targets' ? w.chain
          group by w.chain, s.value`),
      );
      for (const row of rows) this.set({ chain: row.chain }, Number(row.gap));
    },
  });
  new Gauge({
    name: 'corridor_signer_waiting_sends',
    help: 'Queued sends the signer leaves waiting, per chain and reason (gas: the sender cannot pay its gas; below_target: the hot wallet is below its target; token: not enough USDT).',
    labelNames: ['chain', 'reason'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = rowsOf<{ chain: string; reason: string; n: string }>(
        await (await database()).execute(sql`
          select chain, wait_reason as reason, count(*)::text as n from chain_sends
          where state = 'QUEUED' and wait_reason is not null group by chain, wait_reason`),
      );
      for (const row of rows) this.set({ chain: row.chain, reason: row.reason }, Number(row.n));
    },
  });
  new Gauge({
    name: 'corridor_signer_oldest_open_send_seconds',
    help: 'Age of the oldest send not yet confirmed or failed, per chain and state (0 when none).',
    labelNames: ['chain', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = rowsOf<{ chain: string; state: string; age: string }>(
        await (await database()).execute(sql`
          select chain, state, extract(epoch from now() - min(created_at))::text as age from chain_sends
          where state in ('QUEUED', 'SIGNED', 'BROADCAST') group by chain, state`),
      );
      for (const row of rows) this.set({ chain: row.chain, state: row.state }, Number(row.age));
    },
  });
}
