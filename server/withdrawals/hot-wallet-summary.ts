import { and, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { chainHotWallets, chainSends } from '../../db/schema';
import { hotWalletSettings } from '../chain-sends/hot-wallet-settings';
import type { ChainConfig } from '../chains/chains';
import { Dec } from '../money/decimal';

/**
 * Per configured chain, what the operators' Withdrawals page shows of the hot wallet: the USDT it
 * held when the signer last read it (null before the first read), the USDT signed out of it in the
 * last 24 hours (failed sends and sweeps into it excluded), its native coin (gas) as last read, and
 * the flags an operator acts on (docs/wallet.md, "Target balance and cold storage"): the excess
 * over the target to move to the cold address, `belowTarget` (withdrawals wait), and the sends
 * waiting by reason (`gas`: fund the native coin). The same figures as the signer's gauges
 * (server/metrics/signer-metrics.ts), as exact decimal strings.
 */
export async function hotWalletSummary(db: Executor, chains: readonly Pick<ChainConfig, 'key' | 'name'>[], now = new Date()) {
  const balances = await db
    .select({
      chain: chainHotWallets.chain,
      balance: sql<string | null>`sum(${chainHotWallets.tokenBalance})::text`,
      nativeBalance: sql<string | null>`sum(${chainHotWallets.nativeBalance})::text`,
      readAt: sql<string | null>`max(${chainHotWallets.balanceReadAt})`,
    })
    .from(chainHotWallets)
    .groupBy(chainHotWallets.chain);
  const outflows = await db
    .select({ chain: chainSends.chain, total: sql<string>`sum(${chainSends.amount})::text` })
    .from(chainSends)
    .where(and(gt(chainSends.signedAt, new Date(now.getTime() - DAY_MS)), ne(chainSends.state, 'FAILED'), isNull(chainSends.sourceIndex)))
    .groupBy(chainSends.chain);
  const waiting = await db
    .select({ chain: chainSends.chain, reason: chainSends.waitReason, count: sql<number>`count(*)::int` })
    .from(chainSends)
    .where(and(eq(chainSends.state, 'QUEUED'), isNotNull(chainSends.waitReason)))
    .groupBy(chainSends.chain, chainSends.waitReason);
  const settings = await hotWalletSettings(db);
  return chains.map((chain) => {
    const wallet = balances.find((row) => row.chain === chain.key);
    const readAt = wallet?.readAt ? new Date(wallet.readAt).toISOString() : null;
    const balance = wallet?.balance ?? null;
    const target = settings.targets[chain.key] ?? null;
    const over = balance !== null && target !== null ? new Dec(balance).minus(target) : null;
    const waitingOf = (reason: string) => waiting.find((row) => row.chain === chain.key && row.reason === reason)?.count ?? 0;
    return {
      chain: chain.key,
      name: chain.name,
      balance,
      balanceReadAt: readAt,
      nativeBalance: wallet?.nativeBalance ?? null,
      outflow24h: outflows.find((row) => row.chain === chain.key)?.total ?? '0',
      target,
      /** USDT over the target: to be moved to `coldAddress` by hand; null when not over or no target. */
      excess: over !== null && over.gt(0) ? over.toFixed(6) : null,
      coldAddress: settings.coldAddresses[chain.key] ?? null,
      belowTarget: over !== null && over.lt(0),
      waiting: { gas: waitingOf('gas'), belowTarget: waitingOf('below_target'), token: waitingOf('token') },
    };
  });
}

const DAY_MS = 24 * 3_600_000;
