import { and, asc, desc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { formatUnits } from 'viem';
import type { Db, Tx } from '../../../db/client';
import { chainSendAttempts, chainSends } from '../../../db/schema';
import { readSignedTransaction } from '../../chains/tron/trc20-transfer';
import { log } from '../../logging/log';
import { chainSendAttemptsTotal } from '../../metrics/signer-metrics';
import { applyChainSendTransition, type ChainSendRow } from '../apply-chain-send-transition';
import { attemptRow, signTronSend } from './sign-queued-tron-send';
import type { TronSignerChain } from './tron-signer-chain';
import type { TronHead, TronInclusion } from './tron-send-node';

type AttemptRow = typeof chainSendAttempts.$inferSelect;

/** TRX has 6 decimals: 1 TRX = 1,000,000 sun. */
const SUN_DECIMALS = 6;

/**
 * Moves every signed send of the TRON chain (the hot wallet's, and the sweeps' from deposit
 * addresses) one step (docs/wallet-tron.md, "The signer on
 * TRON"): an attempt found in a block with the chain's confirmations settles the send (CONFIRMED,
 * or FAILED when the contract call did not succeed); otherwise the latest attempt's stored bytes
 * are handed to the node again, and only once that attempt has provably expired is a new one
 * signed. The head is read before any transaction is looked up, so "not in a block" holds for every
 * block up to it.
 */
export async function advanceOpenTronSends(db: Db, ctx: TronSignerChain, input: { now: Date }): Promise<void> {
  const open = await db
    .select()
    .from(chainSends)
    .where(
      and(
        eq(chainSends.chain, ctx.chain.key),
        // The hot wallet's sends, and the sweeps' transfers from deposit addresses.
        or(eq(chainSends.fromAddress, ctx.address), isNotNull(chainSends.sourceIndex)),
        inArray(chainSends.state, ['SIGNED', 'BROADCAST']),
      ),
    )
    .orderBy(asc(chainSends.nonce));
  if (open.length === 0) return;
  const head = await ctx.node.head();
  for (const send of open) {
    // A purpose whose handlers this signer lacks waits for a signer that has them.
    if (!ctx.settlements[send.purpose]) continue;
    try {
      await advanceSend(db, ctx, send, head, input.now);
    } catch (error) {
      // One send's trouble (a handler that throws, a node error) does not hold up the others.
      chainSendAttemptsTotal.inc({ chain: ctx.chain.key, outcome: 'tick_error' });
      log('warn', 'chain send step failed', { chain: ctx.chain.key, send: send.id, error: error instanceof Error ? error.name : 'unknown' });
    }
  }
}

async function advanceSend(db: Db, ctx: TronSignerChain, send: ChainSendRow, head: TronHead, now: Date): Promise<void> {
  const attempts = await db.select().from(chainSendAttempts).where(eq(chainSendAttempts.sendId, send.id)).orderBy(asc(chainSendAttempts.attempt));
  const latest = attempts.at(-1);
  if (!latest) throw new Error(`signed send ${send.id} has no stored transaction`);
  // Any attempt may be the one in a block: an earlier one is looked for as long as the send is open.
  for (const attempt of attempts) {
    const inclusion = await ctx.node.transactionInfo(attempt.txHash);
    if (!inclusion) continue;
    const confirmations = head.number - inclusion.blockNumber + 1n;
    if (send.state === 'SIGNED' || confirmations >= BigInt(ctx.chain.confirmations)) {
      await settleIncluded(db, ctx, send.id, attempt, inclusion, confirmations, now);
    }
    return;
  }
  if (await provablyExpired(ctx, latest, head)) {
    const renewed = await signAnew(db, ctx, send, latest, head, now);
    if (renewed) await broadcast(db, ctx, send, renewed, now);
    return;
  }
  const due = send.state === 'SIGNED' || !send.lastBroadcastAt || now.getTime() - send.lastBroadcastAt.getTime() >= ctx.rebroadcastMs;
  if (due) await broadcast(db, ctx, send, latest, now);
}

/**
 * The attempt can never be in a block: the block `confirmations` deep under the head (final, in
 * the chain's sense) is already past the expiration written in the stored bytes, and the txID was
 * absent from every block up to the head (the caller looked after reading it). A node refuses a
 * transaction whose expiration is not after its head block's time, so no later block takes it.
 */
async function provablyExpired(ctx: TronSignerChain, latest: AttemptRow, head: TronHead): Promise<boolean> {
  const { txId, expiration } = readSignedTransaction(latest.rawTx);
  if (txId !== latest.txHash) throw new Error(`stored attempt ${latest.id} does not hash to its txID`);
  if (head.timestamp <= expiration) return false;
  const finalNumber = head.number - BigInt(ctx.chain.confirmations) + 1n;
  if (finalNumber < 0n) return false;
  return (await ctx.node.blockTime(finalNumber)) > expiration;
}

/** Hands the stored bytes to the node; the first acceptance (or "duplicate") moves the send to BROADCAST. */
async function broadcast(db: Db, ctx: TronSignerChain, send: ChainSendRow, attempt: AttemptRow, now: Date): Promise<void> {
  let answer: Awaited<ReturnType<TronSignerChain['node']['broadcast']>>;
  try {
    answer = await ctx.node.broadcast(attempt.rawTx);
  } catch (error) {
    // A lost answer: the bytes may or may not be with the node. Their txID decides later; the same
    // bytes go out again at the next tick, never new ones.
    chainSendAttemptsTotal.inc({ chain: ctx.chain.key, outcome: 'broadcast_error' });
    log('warn', 'chain send broadcast failed', { chain: ctx.chain.key, send: send.id, attempt: attempt.attempt, error: error instanceof Error ? error.name : 'unknown' });
    return;
  }
  if (answer.outcome !== 'accepted') {
    // Expired: signed anew once provably so. Another refusal (a reference block the node does not
    // have, no bandwidth): the same bytes again until they are taken or expire.
    chainSendAttemptsTotal.inc({ chain: ctx.chain.key, outcome: 'broadcast_error' });
    log('warn', 'chain send broadcast refused', { chain: ctx.chain.key, send: send.id, attempt: attempt.attempt, code: answer.outcome === 'refused' ? answer.code : 'TRANSACTION_EXPIRATION_ERROR' });
    return;
  }
  chainSendAttemptsTotal.inc({ chain: ctx.chain.key, outcome: 'broadcast' });
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(chainSends).where(eq(chainSends.id, send.id)).for('update');
    if (!current) return;
    if (current.state === 'SIGNED') await markBroadcast(tx, ctx, current, now);
    else if (current.state === 'BROADCAST') await tx.update(chainSends).set({ lastBroadcastAt: now, updatedAt: now }).where(eq(chainSends.id, send.id));
  });
}

async function markBroadcast(tx: Tx, ctx: TronSignerChain, send: ChainSendRow, now: Date): Promise<ChainSendRow> {
  const row = await applyChainSendTransition(tx, { send, action: 'broadcast', changes: { broadcastAt: now, lastBroadcastAt: now }, now });
  if (!row) throw new Error('a locked signed send changed state');
  await ctx.settlements[send.purpose]!.broadcast(tx, { id: send.id, referenceId: send.referenceId, chain: send.chain, txHash: send.txHash! });
  return row;
}

/**
 * An attempt in a block: a send still SIGNED (its broadcast answer was lost) becomes BROADCAST
 * first, so the settlement hears every step once and in order; with enough confirmations it
 * settles, with the same settlement as an EVM send: CONFIRMED, or FAILED when the call reverted
 * (the token did not move; the TRX it burnt is spent either way).
 */
async function settleIncluded(db: Db, ctx: TronSignerChain, sendId: string, attempt: AttemptRow, inclusion: TronInclusion, confirmations: bigint, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(chainSends).where(eq(chainSends.id, sendId)).for('update');
    if (!locked || (locked.state !== 'SIGNED' && locked.state !== 'BROADCAST')) return;
    const current = locked.state === 'SIGNED' ? await markBroadcast(tx, ctx, locked, now) : locked;
    if (confirmations < BigInt(ctx.chain.confirmations)) return;
    const settled = { id: current.id, referenceId: current.referenceId, chain: current.chain, txHash: attempt.txHash };
    const settlement = ctx.settlements[current.purpose]!;
    const spent = { txHash: attempt.txHash, blockNumber: inclusion.blockNumber, gasSpent: inclusion.feeSun.toString() };
    if (inclusion.success) {
      const row = await applyChainSendTransition(tx, { send: current, action: 'confirm', changes: { ...spent, confirmedAt: now }, now });
      if (!row) throw new Error('a locked broadcast send changed state');
      await settlement.confirmed(tx, { ...settled, gasSpent: formatUnits(inclusion.feeSun, SUN_DECIMALS), nativeSymbol: ctx.chain.nativeSymbol ?? 'TRX' });
    } else {
      const reason = 'reverted on chain';
      const row = await applyChainSendTransition(tx, { send: current, action: 'fail', changes: { ...spent, failedAt: now, failureReason: reason }, now });
      if (!row) throw new Error('a locked broadcast send changed state');
      await settlement.failed(tx, { ...settled, reason });
    }
    chainSendAttemptsTotal.inc({ chain: ctx.chain.key, outcome: inclusion.success ? 'confirmed' : 'failed' });
  });
}

/**
 * A new transaction for a send whose latest attempt has provably expired: a fresh reference block
 * and expiration, hence a new txID, stored as the next attempt before it is broadcast. The earlier
 * attempts stay recorded (and are still looked for). Returns null when another signer did it first.
 */
async function signAnew(db: Db, ctx: TronSignerChain, send: ChainSendRow, latest: AttemptRow, head: TronHead, now: Date): Promise<AttemptRow | null> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(chainSends).where(eq(chainSends.id, send.id)).for('update');
    if (!locked || (locked.state !== 'SIGNED' && locked.state !== 'BROADCAST')) return null;
    const [last] = await tx.select().from(chainSendAttempts).where(eq(chainSendAttempts.sendId, send.id)).orderBy(desc(chainSendAttempts.attempt)).limit(1);
    if (!last || last.attempt !== latest.attempt) return null;
    const signed = await signTronSend(ctx, locked, head);
    const [attempt] = await tx.insert(chainSendAttempts).values(attemptRow(ctx, locked, last.attempt + 1, signed, now)).returning();
    chainSendAttemptsTotal.inc({ chain: ctx.chain.key, outcome: 'replaced' });
    log('warn', 'TRON transaction expired outside any block; signed anew', { chain: ctx.chain.key, send: send.id, expired: last.txHash, attempt: last.attempt + 1, txid: signed.txId });
    return attempt ?? null;
  });
}
