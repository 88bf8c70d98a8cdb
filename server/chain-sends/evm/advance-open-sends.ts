import { and, asc, desc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { formatUnits, type Hex } from 'viem';
import type { Db, Tx } from '../../../db/client';
import { chainSendAttempts, chainSends } from '../../../db/schema';
import { log } from '../../logging/log';
import { chainSendAttemptsTotal } from '../../metrics/signer-metrics';
import { applyChainSendTransition, type ChainSendRow } from '../apply-chain-send-transition';
import { nativeSymbolOf, type EvmSignerChain } from './evm-signer-chain';
import { bodyOf, signTransfer, type Fees } from './sign-queued-send';

type AttemptRow = typeof chainSendAttempts.$inferSelect;

/** A bump of at least 10% on both fees is what nodes require of a replacement; 12.5% leaves room. */
function bumped(previous: bigint, suggested: bigint): bigint {
  const floor = (previous * 1125n) / 1000n + 1n;
  return suggested > floor ? suggested : floor;
}

/**
 * Moves every signed send of the chain one step, in nonce order: a mined attempt with the chain's
 * confirmations settles the send (CONFIRMED, or FAILED when it reverted); unmined bytes are handed
 * to the node (only ever the stored bytes); the next send to be mined, stuck past `stuckAfterMs`,
 * gets a replacement at its nonce with higher fees. Each settlement runs in the transaction that
 * moves the send, and the UPDATE's state check makes one signer the winner of each step.
 */
export async function advanceOpenSends(db: Db, ctx: EvmSignerChain, input: { now: Date; fees: () => Promise<Fees> }): Promise<void> {
  const open = await db
    .select()
    .from(chainSends)
    .where(
      and(
        eq(chainSends.chain, ctx.chain.key),
        // The hot wallet's sends, and the sweeps' transfers from deposit addresses.
        or(eq(chainSends.fromAddress, ctx.account.address), isNotNull(chainSends.sourceIndex)),
        inArray(chainSends.state, ['SIGNED', 'BROADCAST']),
      ),
    )
    .orderBy(asc(chainSends.nonce));
  if (open.length === 0) return;
  const head = await ctx.node.head();
  // Each sending address's mined count, read once per tick.
  const minedNonces = new Map<string, bigint>();
  for (const send of open) {
    // A purpose whose handlers this signer lacks waits for a signer that has them.
    if (!ctx.settlements[send.purpose]) continue;
    try {
      const from = send.fromAddress!;
      if (!minedNonces.has(from)) minedNonces.set(from, await ctx.node.minedNonce(from));
      await advanceSend(db, ctx, send, { ...input, head, minedNonce: minedNonces.get(from)! });
    } catch (error) {
      // One send's trouble (a handler that throws, a node error) does not hold up the others.
      chainSendAttemptsTotal.inc({ chain: ctx.chain.key, outcome: 'tick_error' });
      log('warn', 'chain send step failed', { chain: ctx.chain.key, send: send.id, error: error instanceof Error ? error.name : 'unknown' });
    }
  }
}

async function advanceSend(db: Db, ctx: EvmSignerChain, send: ChainSendRow, input: { now: Date; fees: () => Promise<Fees>; head: bigint; minedNonce: bigint }): Promise<void> {
  const { head, minedNonce } = input;
  const attempts = await db.select().from(chainSendAttempts).where(eq(chainSendAttempts.sendId, send.id)).orderBy(asc(chainSendAttempts.attempt));
  const latest = attempts.at(-1);
  if (!latest) throw new Error(`signed send ${send.id} has no stored transaction`);
  let mined: { attempt: AttemptRow; receipt: NonNullable<Awaited<ReturnType<EvmSignerChain['node']['receipt']>>> } | undefined;
  // Any attempt may be the one mined: a replacement, or the original that beat it.
  for (const attempt of attempts) {
    const receipt = await ctx.node.receipt(attempt.txHash);
    if (receipt) {
      mined = { attempt, receipt };
      break;
    }
  }
  if (mined) {
    const confirmations = head - mined.receipt.blockNumber + 1n;
    if (send.state === 'SIGNED' || confirmations >= BigInt(ctx.chain.confirmations)) {
      await settleMined(db, ctx, send.id, mined.attempt, mined.receipt, confirmations, input.now);
    }
    return;
  }
  const stuck = send.nonce === minedNonce && input.now.getTime() - latest.signedAt.getTime() >= ctx.stuckAfterMs && send.state === 'BROADCAST';
  if (stuck) {
    const replacement = await replace(db, ctx, send, latest, await input.fees(), input.now);
    if (replacement) await broadcast(db, ctx, send, replacement, input.now);
    return;
  }
  const due = send.state === 'SIGNED' || !send.lastBroadcastAt || input.now.getTime() - send.lastBroadcastAt.getTime() >= ctx.rebroadcastMs;
  if (due) await broadcast(db, ctx, send, latest, input.now);
}

/** Hands the stored bytes to the node; the first acceptance moves the send to BROADCAST. */
async function broadcast(db: Db, ctx: EvmSignerChain, send: ChainSendRow, attempt: AttemptRow, now: Date): Promise<void> {
  let outcome: 'accepted' | 'nonce_too_low';
  try {
    outcome = await ctx.node.sendRaw(attempt.rawTx as Hex);
  } catch (error) {
    // A lost or refused answer: the bytes may or may not be in a pool. The receipt decides later;
    // the same bytes go out again at the next tick, never new ones.
    chainSendAttemptsTotal.inc({ chain: ctx.chain.key, outcome: 'broadcast_error' });
    log('warn', 'chain send broadcast failed', { chain: ctx.chain.key, send: send.id, nonce: String(send.nonce), error: error instanceof Error ? error.name : 'unknown' });
    return;
  }
  if (outcome === 'nonce_too_low') {
    // The nonce is used: by one of our attempts, whose receipt the next tick finds. If none ever
    // appears, something outside the signer spent from the hot wallet (docs/wallet.md, runbook).
    log('warn', 'chain send nonce already used; waiting for its receipt', { chain: ctx.chain.key, send: send.id, nonce: String(send.nonce) });
    return;
  }
  chainSendAttemptsTotal.inc({ chain: ctx.chain.key, outcome: 'broadcast' });
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(chainSends).where(eq(chainSends.id, send.id)).for('update');
    if (!current) return;
    if (current.state === 'SIGNED') await markBroadcast(tx, ctx, current, now);
    else await tx.update(chainSends).set({ lastBroadcastAt: now, updatedAt: now }).where(eq(chainSends.id, send.id));
  });
}

async function markBroadcast(tx: Tx, ctx: EvmSignerChain, send: ChainSendRow, now: Date): Promise<ChainSendRow> {
  const row = await applyChainSendTransition(tx, { send, action: 'broadcast', changes: { broadcastAt: now, lastBroadcastAt: now }, now });
  if (!row) throw new Error('a locked signed send changed state');
  await ctx.settlements[send.purpose]!.broadcast(tx, { id: send.id, referenceId: send.referenceId, chain: send.chain, txHash: send.txHash! });
  return row;
}

/**
 * A mined attempt: a send still SIGNED (its broadcast answer was lost) becomes BROADCAST first, so
 * the settlement hears every step once and in order; with enough confirmations it settles.
 */
async function settleMined(
  db: Db,
  ctx: EvmSignerChain,
  sendId: string,
  attempt: AttemptRow,
  receipt: { status: 'success' | 'reverted'; blockNumber: bigint; gasUsed: bigint; effectiveGasPrice: bigint },
  confirmations: bigint,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(chainSends).where(eq(chainSends.id, sendId)).for('update');
    if (!locked || (locked.state !== 'SIGNED' && locked.state !== 'BROADCAST')) return;
    const current = locked.state === 'SIGNED' ? await markBroadcast(tx, ctx, locked, now) : locked;
    if (confirmations < BigInt(ctx.chain.confirmations)) return;
    const gasSpentWei = receipt.gasUsed * receipt.effectiveGasPrice;
    const settled = { id: current.id, referenceId: current.referenceId, chain: current.chain, txHash: attempt.txHash };
    const settlement = ctx.settlements[current.purpose]!;
    if (receipt.status === 'success') {
      const row = await applyChainSendTransition(tx, { send: current, action: 'confirm', changes: { txHash: attempt.txHash, blockNumber: receipt.blockNumber, gasSpent: gasSpentWei.toString(), confirmedAt: now }, now });
      if (!row) throw new Error('a locked broadcast send changed state');
      await settlement.confirmed(tx, { ...settled, gasSpent: formatUnits(gasSpentWei, 18), nativeSymbol: nativeSymbolOf(ctx.chain) });
    } else {
      const reason = 'reverted on chain';
      const row = await applyChainSendTransition(tx, { send: current, action: 'fail', changes: { txHash: attempt.txHash, blockNumber: receipt.blockNumber, gasSpent: gasSpentWei.toString(), failedAt: now, failureReason: reason }, now });
      if (!row) throw new Error('a locked broadcast send changed state');
      await settlement.failed(tx, { ...settled, reason });
    }
    chainSendAttemptsTotal.inc({ chain: ctx.chain.key, outcome: receipt.status === 'success' ? 'confirmed' : 'failed' });
  });
}

/**
 * A replacement at the send's nonce with both fees at least 12.5% above the last attempt's, stored
 * as the next attempt before it is broadcast; the earlier ones are kept, since any may still be
 * mined. Returns null when another signer replaced it first.
 */
async function replace(db: Db, ctx: EvmSignerChain, send: ChainSendRow, latest: AttemptRow, suggested: Fees, now: Date): Promise<AttemptRow | null> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(chainSends).where(eq(chainSends.id, send.id)).for('update');
    if (!locked || locked.state !== 'BROADCAST') return null;
    const [last] = await tx.select().from(chainSendAttempts).where(eq(chainSendAttempts.sendId, send.id)).orderBy(desc(chainSendAttempts.attempt)).limit(1);
    if (!last || last.attempt !== latest.attempt) return null;
    const maxPriorityFeePerGas = bumped(BigInt(last.maxPriorityFeePerGas), suggested.maxPriorityFeePerGas);
    let maxFeePerGas = bumped(BigInt(last.maxFeePerGas), suggested.maxFeePerGas);
    if (maxFeePerGas < maxPriorityFeePerGas) maxFeePerGas = maxPriorityFeePerGas;
    // A sweep's transfer is replaced by the key of its deposit address; without the seed it is only rebroadcast.
    const account = locked.sourceIndex === null ? ctx.account : ctx.depositAccounts?.(locked.sourceIndex);
    if (!account) return null;
    // The same gas limit as the attempt it replaces: only the fees go up.
    const gas = BigInt(last.gasLimit);
    const { raw, hash } = await signTransfer(ctx, account, { body: bodyOf(locked), nonce: locked.nonce!, fees: { maxFeePerGas, maxPriorityFeePerGas }, gas });
    const [attempt] = await tx
      .insert(chainSendAttempts)
      .values({
        sendId: send.id,
        attempt: last.attempt + 1,
        txHash: hash,
        rawTx: raw,
        maxFeePerGas: maxFeePerGas.toString(),
        maxPriorityFeePerGas: maxPriorityFeePerGas.toString(),
        gasLimit: gas.toString(),
        signedAt: now,
      })
      .returning();
    chainSendAttemptsTotal.inc({ chain: ctx.chain.key, outcome: 'replaced' });
    log('warn', 'chain send replaced with higher fees', { chain: ctx.chain.key, send: send.id, nonce: String(locked.nonce), attempt: last.attempt + 1 });
    return attempt ?? null;
  });
}
