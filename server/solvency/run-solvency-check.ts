import { desc, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Executor } from '../../db/client';
import { depositAddresses, solvencyChecks, type SolvencyChainHoldings, type SolvencyStatus } from '../../db/schema';
import type { ChainReader } from '../chains/chain-adapter';
import { chainReaderFor } from '../chains/chain-readers';
import type { ChainConfig } from '../chains/chains';
import { toLedgerAmount } from '../chains/token-amount';
import { log } from '../logging/log';
import { Dec } from '../money/decimal';
import type { SolvencyCheckRow } from './list-solvency-checks';

// Any fixed number: one solvency check at a time across every node.
const SOLVENCY_LOCK = 727_270_003;
/** Balance reads in flight at once per chain: enough to be quick, few enough not to be throttled. */
const READ_CONCURRENCY = 16;

/**
 * The solvency check (docs/wallet.md, "Solvency check"): the USDT on chain (every deposit address
 * in use, and the hot wallet, on every configured chain) against what the ledger owes merchants and
 * traders. The owed total is read first, then the chains: USDT reaches an address before the watcher
 * credits it, so a deposit arriving during the run can only show as a surplus, never a shortfall.
 * A chain that cannot be read makes the run `error` with no totals: never counted as zero.
 *
 * One run at a time across nodes (an advisory lock), and none when another node ran one less than
 * `intervalMs` ago; returns null when it did not run.
 */
export async function runSolvencyCheck(
  db: Db,
  options: { chains: readonly ChainConfig[]; readers?: ReadonlyMap<string, ChainReader>; intervalMs?: number; now?: Date },
): Promise<SolvencyCheckRow | null> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [locked] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${SOLVENCY_LOCK}) as locked`));
    if (!locked?.locked) return null;
    if (options.intervalMs !== undefined) {
      const last = await latestRun(tx);
      if (last && now.getTime() - last.runAt.getTime() < options.intervalMs) return null;
    }
    const owed = await owedTotal(tx);
    const addresses = await tx.select({ family: depositAddresses.family, address: depositAddresses.address }).from(depositAddresses).where(isNull(depositAddresses.retiredAt));

    const holdings: SolvencyChainHoldings[] = [];
    for (const chain of options.chains) {
      const reader = options.readers?.get(chain.key) ?? chainReaderFor(chain);
      const mine = addresses.filter((row) => row.family === chain.family).map((row) => row.address);
      try {
        holdings.push(await chainHoldings(chain, reader, mine));
      } catch (error) {
        // The name only: a message may carry the RPC URL, and with it a provider's key.
        holdings.push({ chain: chain.key, error: error instanceof Error ? error.name : 'unknown' });
      }
    }

    const failed = holdings.find((row) => row.error !== undefined);
    const total = failed ? null : holdings.reduce((sum, row) => sum.plus(row.total!), new Dec(0));
    const surplus = total ? total.minus(owed) : null;
    const status: SolvencyStatus = failed ? 'error' : surplus!.isNegative() ? 'shortfall' : 'ok';
    const [saved] = await tx
      .insert(solvencyChecks)
      .values({
        runAt: now,
        status,
        holdings,
        holdingsTotal: total?.toFixed(6) ?? null,
        owedTotal: owed.toFixed(6),
        surplus: surplus?.toFixed(6) ?? null,
        errorChain: failed?.chain ?? null,
      })
      .returning();
    if (status === 'shortfall') log('error', 'SOLVENCY SHORTFALL', { checkId: saved!.id, holdings: saved!.holdingsTotal, owed: saved!.owedTotal, surplus: saved!.surplus });
    if (status === 'error') log('warn', 'solvency check: a chain could not be read', { checkId: saved!.id, chain: saved!.errorChain, error: failed?.error });
    return saved!;
  });
}

/**
 * What the ledger owes: every merchant and trader account (available, frozen, escrow). The platform's
 * fees are its own, and the external account is the other side of every deposit (docs/ledger.md).
 */
async function owedTotal(db: Executor): Promise<Dec> {
  const [row] = rowsOf<{ owed: string }>(
    await db.execute(sql`select coalesce(sum(balance), 0)::text as owed from ledger_accounts where owner_type in ('merchant', 'trader') and currency = 'USDT'`),
  );
  return new Dec(row?.owed ?? '0');
}

/** One chain's USDT: its deposit addresses and hot wallet, summed in base units, then at 6 decimals (rounded down). */
async function chainHoldings(chain: ChainConfig, reader: ChainReader, addresses: readonly string[]): Promise<SolvencyChainHoldings> {
  const { contract, decimals } = chain.tokens.USDT;
  let deposits = 0n;
  for (let start = 0; start < addresses.length; start += READ_CONCURRENCY) {
    const balances = await Promise.all(addresses.slice(start, start + READ_CONCURRENCY).map((address) => reader.tokenBalance(contract, address)));
    deposits = balances.reduce((sum, balance) => sum + balance, deposits);
  }
  const hot = chain.hotWallet ? await reader.tokenBalance(contract, chain.hotWallet) : 0n;
  return {
    chain: chain.key,
    addresses: addresses.length,
    depositAddresses: toLedgerAmount(deposits, decimals).amount,
    ...(chain.hotWallet ? { hotWallet: toLedgerAmount(hot, decimals).amount } : {}),
    total: toLedgerAmount(deposits + hot, decimals).amount,
  };
}

async function latestRun(db: Executor): Promise<SolvencyCheckRow | undefined> {
  const [last] = await db.select().from(solvencyChecks).orderBy(desc(solvencyChecks.runAt)).limit(1);
  return last;
}
