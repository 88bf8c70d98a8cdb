import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../../db/client';
import { chainHotWallets, chainSendAttempts, chainSends, type ChainSendPurpose, type ChainSendWaitReason } from '../../../db/schema';
import { fromLedgerAmount, toLedgerAmount } from '../../chains/token-amount';
import { signTrc20TransferWith, type SignedTrc20Transfer } from '../../chains/tron/trc20-transfer';
import { Dec } from '../../money/decimal';
import { applyChainSendTransition, type ChainSendRow } from '../apply-chain-send-transition';
import { recordWait } from '../record-wait';
import { BANDWIDTH_ALLOWANCE_SUN, type TronSignerChain } from './tron-signer-chain';
import type { TronHead } from './tron-send-node';

export interface TronSignInput {
  /** The node's newest block: the transaction's reference block and the base of its expiration. */
  head: TronHead;
  /** The hot wallet's balances read at the start of the tick (token base units, sun). */
  tokenBalance: bigint;
  trxBalance: bigint;
  /** USDT the hot wallet should keep before withdrawals go out; undefined: none set. */
  target: string | undefined;
  now: Date;
}

export type TronSignOutcome = { outcome: 'signed' } | { outcome: 'none' } | { outcome: 'wait'; id: string; reason: ChainSendWaitReason };

/** A TRC-20 transfer of the send's USDT from the hot wallet, referencing `head`, signed inside the account. */
export function signTronTransfer(ctx: TronSignerChain, send: Pick<ChainSendRow, 'toAddress' | 'amount'>, head: TronHead): Promise<SignedTrc20Transfer> {
  const token = ctx.chain.tokens.USDT;
  return signTrc20TransferWith(
    {
      token: token.contract,
      from: ctx.address,
      to: send.toAddress,
      amount: fromLedgerAmount(send.amount, token.decimals),
      feeLimitSun: ctx.feeLimitSun,
      referenceBlockId: head.blockId,
      // The chain's clock, not ours: the node judges the expiration by its head block's time.
      timestamp: head.timestamp,
      expiration: head.timestamp + ctx.expirationMs,
    },
    ctx.signer,
  );
}

/**
 * Signs the oldest queued USDT send of the TRON hot wallet, if it can be paid, in one transaction
 * that claims the send (FOR UPDATE SKIP LOCKED: another signer takes the next one), stores the
 * signed bytes and their txID as attempt 1, marks the send SIGNED and calls its settlement's
 * `signed`. Nothing is broadcast here: bytes reach a node only once stored, and a crash before the
 * commit leaves no transaction anywhere. TRON has no nonce; the send still takes the next number of
 * the wallet's row (under its lock) as its sequence, so the columns mean the same on every chain.
 * A send that cannot be paid (USDT, TRX for the fee limit and bandwidth, the target) stays QUEUED
 * with the reason recorded; withdrawals go out in order, so the rest wait behind it.
 */
export async function signQueuedTronSend(db: Db, ctx: TronSignerChain, input: TronSignInput): Promise<TronSignOutcome> {
  const purposes = Object.keys(ctx.settlements) as ChainSendPurpose[];
  if (purposes.length === 0) return { outcome: 'none' };
  return db.transaction(async (tx): Promise<TronSignOutcome> => {
    const [send] = await tx
      .select()
      .from(chainSends)
      .where(
        and(
          eq(chainSends.chain, ctx.chain.key),
          eq(chainSends.state, 'QUEUED'),
          inArray(chainSends.purpose, purposes),
          // The hot wallet's USDT sends: TRON has no sweeps or gas top-ups yet.
          isNull(chainSends.sourceIndex),
          eq(chainSends.asset, 'token'),
        ),
      )
      .orderBy(asc(chainSends.createdAt), asc(chainSends.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!send) return { outcome: 'none' };
    const wait = async (reason: ChainSendWaitReason): Promise<TronSignOutcome> => {
      await recordWait(tx, { chain: ctx.chain.key, from: ctx.address }, send, reason, input.now);
      return { outcome: 'wait', id: send.id, reason };
    };

    const open = await openTotals(tx, ctx);
    const available = new Dec(toLedgerAmount(input.tokenBalance, ctx.chain.tokens.USDT.decimals).amount).minus(open.token);
    if (available.lt(send.amount)) return wait('token');
    if (send.purpose === 'withdrawal' && input.target !== undefined && available.lt(input.target)) return wait('below_target');
    // Every signed, unconfirmed send may still burn its whole fee limit: this one comes on top.
    if (input.trxBalance - open.trx < ctx.feeLimitSun + BANDWIDTH_ALLOWANCE_SUN) return wait('gas');

    const [wallet] = await tx
      .select()
      .from(chainHotWallets)
      .where(and(eq(chainHotWallets.chain, ctx.chain.key), eq(chainHotWallets.address, ctx.address)))
      .for('update');
    if (!wallet) throw new Error(`${ctx.chain.key}: the hot wallet has no row yet`);
    const signed = await signTronTransfer(ctx, send, input.head);
    await tx.insert(chainSendAttempts).values(attemptRow(ctx, send.id, 1, signed, input.now));
    const row = await applyChainSendTransition(
      tx,
      send,
      'sign',
      { fromAddress: ctx.address, nonce: wallet.nextNonce, txHash: signed.txId, signedAt: input.now, waitReason: null, waitingSince: null },
      input.now,
    );
    // The row is locked by this transaction: nobody else can have moved it.
    if (!row) throw new Error('a locked queued send changed state');
    await tx
      .update(chainHotWallets)
      .set({ nextNonce: wallet.nextNonce + 1n, updatedAt: input.now })
      .where(and(eq(chainHotWallets.chain, ctx.chain.key), eq(chainHotWallets.address, ctx.address)));
    await ctx.settlements[send.purpose]!.signed(tx, { id: send.id, referenceId: send.referenceId, chain: send.chain, txHash: signed.txId });
    return { outcome: 'signed' };
  });
}

/**
 * A stored attempt: the whole signed `protocol.Transaction` as hex (what `/wallet/broadcasthex`
 * takes, and all that is ever broadcast) and its txID. TRON has no gas price: the fee limit is
 * kept as the gas limit at a price of 1 sun, so "limit × price" is the most it may burn, as on EVM.
 */
export function attemptRow(ctx: TronSignerChain, sendId: string, attempt: number, signed: SignedTrc20Transfer, now: Date): typeof chainSendAttempts.$inferInsert {
  return {
    sendId,
    attempt,
    txHash: signed.txId,
    rawTx: signed.signedHex,
    maxFeePerGas: '1',
    maxPriorityFeePerGas: '0',
    gasLimit: ctx.feeLimitSun.toString(),
    signedAt: now,
  };
}

/** What the hot wallet's signed, unconfirmed sends still take from it: their USDT, and their fee limits and bandwidth in sun. */
async function openTotals(tx: Tx, ctx: TronSignerChain): Promise<{ token: string; trx: bigint }> {
  const [row] = rowsOf<{ token: string; trx: string }>(
    await tx.execute(sql`
      select coalesce(sum(s.amount), 0)::text as token,
             coalesce(sum(a.gas_limit * a.max_fee_per_gas + ${BANDWIDTH_ALLOWANCE_SUN.toString()}::numeric), 0)::text as trx
      from chain_sends s
      join lateral (select gas_limit, max_fee_per_gas from chain_send_attempts where send_id = s.id order by attempt desc limit 1) a on true
      where s.chain = ${ctx.chain.key} and s.from_address = ${ctx.address} and s.source_index is null and s.state in ('SIGNED', 'BROADCAST')`),
  );
  return { token: row?.token ?? '0', trx: BigInt((row?.trx ?? '0').split('.')[0]!) };
}
