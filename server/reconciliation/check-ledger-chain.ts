import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { chainCursors, depositAddresses, reconciliationRuns, solvencyChecks } from '../../db/schema';
import type { ChainReader, TokenTransfer } from '../chains/chain-adapter';
import type { ChainConfig } from '../chains/chains';
import type { BusinessDay } from './business-day';
import { expectedUntil, type Finding } from './finding';

export type ChainRanges = Record<string, { fromBlock: string; toBlock: string }>;

/** A first run, with nothing recorded before it, looks back at most this many blocks. */
const FIRST_RUN_LOOKBACK_BLOCKS = 10_000n;

interface CheckLedgerChainOptions {
  day: BusinessDay;
  now: Date;
  chains: readonly ChainConfig[];
  readerOf: (chain: ChainConfig) => ChainReader;
  deadlineMs: number;
  previousRange?: ChainRanges;
}

/**
 * Ledger vs chain (docs/reconciliation.md), through each chain's reader: the day's credited
 * deposits and confirmed withdrawals against their transfers on chain, withdrawals broadcast and
 * not yet mined, token transfers to the platform's deposit addresses that chain_deposits lacks,
 * and the latest solvency check. The reader has no block times, so a day's block range is the
 * blocks the watcher passed since the previous day's range (its cursor when the run reads it).
 */
export async function checkLedgerChain(
  db: Executor,
  { day, now, ...options }: CheckLedgerChainOptions,
): Promise<{ findings: Finding[]; ranges: ChainRanges }> {
  const findings: Finding[] = [];
  const ranges: ChainRanges = {};
  for (const chain of options.chains) {
    const reader = options.readerOf(chain);
    try {
      findings.push(...(await depositsOnChain(db, day, chain, reader)));
      findings.push(...(await withdrawalsOnChain(db, day, now, chain, reader, options.deadlineMs)));
      const missing = await depositsMissingFromLedger(db, day, chain, reader, options.previousRange?.[chain.key]);
      findings.push(...missing.findings);
      if (missing.range) ranges[chain.key] = missing.range;
      findings.push({ check: 'ledger_chain', subjectType: 'chain', subjectId: `${chain.key}:${day.date}`, state: 'MATCHED', reason: 'matched', details: {} });
    } catch (error) {
      // The name only: a message may carry the RPC URL, and with it a provider's key.
      findings.push({
        check: 'ledger_chain',
        subjectType: 'chain',
        subjectId: `${chain.key}:${day.date}`,
        state: 'MISMATCHED',
        reason: 'chain_unreadable',
        details: { chain: chain.key, error: error instanceof Error ? error.name : 'unknown' },
      });
    }
  }
  if (options.chains.length > 0) findings.push(await solvencyItem(db, day));
  return { findings, ranges };
}

/** Credited deposits of the day: the transfer is in its block, same log, amount and block hash. */
async function depositsOnChain(db: Executor, day: BusinessDay, chain: ChainConfig, reader: ChainReader): Promise<Finding[]> {
  const deposits = rowsOf<{ id: string; txHash: string; logIndex: number; address: string; baseAmount: string; blockNumber: string; blockHash: string }>(
    await db.execute(sql`
      select id, tx_hash as "txHash", log_index as "logIndex", address, base_amount::text as "baseAmount", block_number::text as "blockNumber", block_hash as "blockHash"
      from chain_deposits where chain_key = ${chain.key} and state = 'CREDITED'
        and credited_at >= ${day.start.toISOString()}::timestamptz and credited_at < ${day.end.toISOString()}::timestamptz`),
  );
  const findings: Finding[] = [];
  for (const [block, inBlock] of groupBy(deposits, (row) => row.blockNumber)) {
    const transfers = await reader.tokenTransfers({ token: chain.tokens.USDT.contract, to: new Set(inBlock.map((row) => row.address)), fromBlock: BigInt(block), toBlock: BigInt(block) });
    for (const row of inBlock) {
      const seen = transfers.find((t) => sameTx(t.txHash, row.txHash) && t.logIndex === row.logIndex);
      const ok = seen !== undefined && seen.amount === BigInt(row.baseAmount) && sameTx(seen.blockHash, row.blockHash);
      const details = { chain: chain.key, txHash: row.txHash, logIndex: row.logIndex, blockNumber: row.blockNumber };
      findings.push({ check: 'ledger_chain', subjectType: 'deposit', subjectId: row.id, state: ok ? 'MATCHED' : 'MISMATCHED', reason: ok ? 'matched' : 'deposit_not_on_chain', details });
    }
  }
  return findings;
}

/** Withdrawals confirmed on the day are in their block; those broadcast on the day and still open are EXPECTED. */
async function withdrawalsOnChain(db: Executor, day: BusinessDay, now: Date, chain: ChainConfig, reader: ChainReader, deadlineMs: number): Promise<Finding[]> {
  const rows = rowsOf<{ id: string; state: string; txHash: string | null; toAddress: string; blockNumber: string | null; broadcastAt: Date | string | null }>(
    await db.execute(sql`
      select w.id, w.state, w.tx_hash as "txHash", w.to_address as "toAddress", s.block_number::text as "blockNumber", w.broadcast_at as "broadcastAt"
      from wallet_withdrawals w left join chain_sends s on s.id = w.chain_send_id
      where w.chain_key = ${chain.key} and (
        (w.state = 'CONFIRMED' and w.confirmed_at >= ${day.start.toISOString()}::timestamptz and w.confirmed_at < ${day.end.toISOString()}::timestamptz)
        or (w.state in ('SIGNED', 'BROADCAST') and w.broadcast_at >= ${day.start.toISOString()}::timestamptz and w.broadcast_at < ${day.end.toISOString()}::timestamptz))`),
  );
  const findings: Finding[] = [];
  for (const row of rows) {
    const base = { check: 'ledger_chain' as const, subjectType: 'withdrawal', subjectId: row.id };
    const details = { chain: chain.key, txHash: row.txHash, blockNumber: row.blockNumber };
    if (row.state !== 'CONFIRMED') {
      findings.push({ ...base, ...expectedUntil(now, new Date(new Date(row.broadcastAt!).getTime() + deadlineMs)), reason: 'withdrawal_not_mined', details });
      continue;
    }
    let mined = false;
    if (row.txHash && row.blockNumber) {
      const block = BigInt(row.blockNumber);
      const transfers = await reader.tokenTransfers({ token: chain.tokens.USDT.contract, to: new Set([row.toAddress]), fromBlock: block, toBlock: block });
      mined = transfers.some((t) => sameTx(t.txHash, row.txHash!));
    }
    findings.push({ ...base, state: mined ? 'MATCHED' : 'MISMATCHED', reason: mined ? 'matched' : 'withdrawal_not_on_chain', details });
  }
  return findings;
}

/** Transfers to any deposit address (retired ones too) in the day's block range, each of which chain_deposits must hold. */
async function depositsMissingFromLedger(
  db: Executor,
  day: BusinessDay,
  chain: ChainConfig,
  reader: ChainReader,
  stored: { fromBlock: string; toBlock: string } | undefined,
): Promise<{ findings: Finding[]; range?: { fromBlock: string; toBlock: string } }> {
  const [cursor] = await db.select({ height: chainCursors.height }).from(chainCursors).where(eq(chainCursors.chainKey, chain.key));
  if (!cursor) return { findings: [] };
  const fromBlock = stored ? BigInt(stored.fromBlock) : await rangeStart(db, day, chain, cursor.height);
  const toBlock = stored && BigInt(stored.toBlock) > cursor.height ? BigInt(stored.toBlock) : cursor.height;
  const addresses = new Set((await db.select({ address: depositAddresses.address }).from(depositAddresses).where(eq(depositAddresses.family, chain.family))).map((row) => row.address));
  const transfers: TokenTransfer[] = [];
  if (addresses.size > 0) {
    for (let start = fromBlock; start <= toBlock; start += BigInt(chain.maxBlockRange)) {
      const end = start + BigInt(chain.maxBlockRange) - 1n < toBlock ? start + BigInt(chain.maxBlockRange) - 1n : toBlock;
      transfers.push(...(await reader.tokenTransfers({ token: chain.tokens.USDT.contract, to: addresses, fromBlock: start, toBlock: end })));
    }
  }
  const known = new Set(
    rowsOf<{ key: string }>(
      await db.execute(sql`select lower(tx_hash) || ':' || log_index as key from chain_deposits
        where chain_key = ${chain.key} and block_number between ${fromBlock.toString()}::bigint and ${toBlock.toString()}::bigint`),
    ).map((row) => row.key),
  );
  const findings = transfers.map((t): Finding => {
    const inLedger = known.has(`${t.txHash.toLowerCase()}:${t.logIndex}`);
    return {
      check: 'ledger_chain',
      subjectType: 'chain_transfer',
      subjectId: `${chain.key}:${t.txHash}:${t.logIndex}`,
      state: inLedger ? 'MATCHED' : 'MISMATCHED',
      reason: inLedger ? 'matched' : 'deposit_missing_from_ledger',
      details: { chain: chain.key, txHash: t.txHash, logIndex: t.logIndex, blockNumber: t.blockNumber.toString(), to: t.to, baseAmount: t.amount.toString() },
    };
  });
  return { findings, range: { fromBlock: fromBlock.toString(), toBlock: toBlock.toString() } };
}

/** After the previous day's range; a first run starts at the oldest recorded deposit, or a bounded look back. */
async function rangeStart(db: Executor, day: BusinessDay, chain: ChainConfig, head: bigint): Promise<bigint> {
  const [previous] = await db
    .select({ ranges: reconciliationRuns.chainRanges })
    .from(reconciliationRuns)
    .where(and(lt(reconciliationRuns.businessDate, day.date), sql`${reconciliationRuns.chainRanges} ? ${chain.key}`))
    .orderBy(desc(reconciliationRuns.businessDate))
    .limit(1);
  const after = previous?.ranges[chain.key];
  if (after) return BigInt(after.toBlock) + 1n;
  const [oldest] = rowsOf<{ block: string | null }>(await db.execute(sql`select min(block_number)::text as block from chain_deposits where chain_key = ${chain.key}`));
  const lookback = head > FIRST_RUN_LOOKBACK_BLOCKS ? head - FIRST_RUN_LOOKBACK_BLOCKS : 0n;
  return oldest?.block ? (BigInt(oldest.block) < lookback ? BigInt(oldest.block) : lookback) : lookback;
}

/** The newest solvency check's verdict as one item of the day. */
async function solvencyItem(db: Executor, day: BusinessDay): Promise<Finding> {
  const [last] = await db.select().from(solvencyChecks).orderBy(desc(solvencyChecks.runAt)).limit(1);
  const base = { check: 'ledger_chain' as const, subjectType: 'solvency', subjectId: day.date };
  if (!last) return { ...base, state: 'MISMATCHED', reason: 'solvency_unreadable', details: { solvencyCheckId: null } };
  const details = { solvencyCheckId: last.id, status: last.status, surplus: last.surplus, runAt: last.runAt.toISOString() };
  if (last.status === 'ok') return { ...base, state: 'MATCHED', reason: 'matched', details };
  return { ...base, state: 'MISMATCHED', reason: last.status === 'shortfall' ? 'solvency_shortfall' : 'solvency_unreadable', details };
}

function sameTx(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}
