import { and, gt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { chainHotWallets, chainSends } from '../../db/schema';
import type { ChainConfig } from '../chains/chains';

/**
 * Per configured chain, what the operators' Withdrawals page shows of the hot wallet: the USDT it
 * held when the signer last read it (null before the first read) and the USDT signed out of it
 * in the last 24 hours, failed sends excluded. The same figures as the signer's gauges
 * (server/metrics/signer-metrics.ts), as exact decimal strings.
 */
export async function hotWalletSummary(db: Executor, chains: readonly Pick<ChainConfig, 'key' | 'name'>[], now = new Date()) {
  const balances = await db
    .select({
      chain: chainHotWallets.chain,
      balance: sql<string | null>`sum(${chainHotWallets.tokenBalance})::text`,
      readAt: sql<string | null>`max(${chainHotWallets.balanceReadAt})`,
    })
    .from(chainHotWallets)
    .groupBy(chainHotWallets.chain);
  const outflows = await db
    .select({ chain: chainSends.chain, total: sql<string>`sum(${chainSends.amount})::text` })
    .from(chainSends)
    .where(and(gt(chainSends.signedAt, new Date(now.getTime() - DAY_MS)), ne(chainSends.state, 'FAILED')))
    .groupBy(chainSends.chain);
  return chains.map((chain) => {
    const wallet = balances.find((row) => row.chain === chain.key);
    const readAt = wallet?.readAt ? new Date(wallet.readAt).toISOString() : null;
    return {
      chain: chain.key,
      name: chain.name,
      balance: wallet?.balance ?? null,
      balanceReadAt: readAt,
      outflow24h: outflows.find((row) => row.chain === chain.key)?.total ?? '0',
    };
  });
}

const DAY_MS = 24 * 3_600_000;
