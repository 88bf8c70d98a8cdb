import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../../db/client';
import { chainHotWallets, chainSendAttempts, chainSends, type ChainSendPurpose, type ChainSendWaitReason } from '../../../db/schema';
import { fromLedgerAmount, toLedgerAmount } from '../../chains/token-amount';
import { signTrc20TransferWith, type DigestSigner, type SignedTronTransaction } from '../../chains/tron/trc20-transfer';
import { signTrxTransferWith } from '../../chains/tron/trx-transfer';
import { Dec } from '../../money/decimal';
import { applyChainSendTransition, type ChainSendRow } from '../apply-chain-send-transition';
import { recordWait } from '../record-wait';
import { laneFilter, type SignLane, type SignOutcome } from '../sign-lanes';
import { ACCOUNT_ACTIVATION_SUN, BANDWIDTH_ALLOWANCE_SUN, tronSignerOf, type TronSignerChain } from './tron-signer-chain';
import type { TronHead } from './tron-send-node';

interface TronSignInput {
  /** The node's newest block: the transaction's reference block and the base of its expiration. */
  head: TronHead;
  /** The hot wallet's balances read at the start of the tick (token base units, sun). */
  tokenBalance: bigint;
  trxBalance: bigint;
  /** USDT the hot wallet should keep before withdrawals go out; undefined: none set. */
  target: string | undefined;
  now: Date;
  /** Sends found waiting this tick, not looked at again until the next. */
  skip: readonly string[];
}


/**
 * The transaction of a send, referencing `head`, signed inside its sender's account: a TRX transfer
 * from the hot wallet (a sweep's top-up), a TRC-20 transfer from a deposit address (a sweep, signed
 * by the key the seed derives for it, which must make the very address the sweep was planned for),
 * or a TRC-20 transfer from the hot wallet (a withdrawal).
 */
export function signTronSend(ctx: TronSignerChain, send: Pick<ChainSendRow, 'id' | 'toAddress' | 'amount' | 'asset' | 'nativeValue' | 'sourceIndex' | 'fromAddress'>, head: TronHead): Promise<SignedTronTransaction> {
  // The chain's clock, not ours: the node judges the expiration by its head block's time.
  const timing = { referenceBlockId: head.blockId, timestamp: head.timestamp, expiration: head.timestamp + ctx.expirationMs };
  if (send.asset === 'native') return signTrxTransferWith({ ...timing, from: ctx.address, to: send.toAddress, amountSun: BigInt(send.nativeValue ?? '0') }, ctx.signer);
  const sender = send.sourceIndex === null ? { address: ctx.address, signer: ctx.signer } : depositSender(ctx, send);
  const token = ctx.chain.tokens.USDT;
  return signTrc20TransferWith({ ...timing, token: token.contract, from: sender.address, to: send.toAddress, amount: fromLedgerAmount(send.amount, token.decimals), feeLimitSun: ctx.feeLimitSun }, sender.signer);
}

function depositSender(ctx: TronSignerChain, send: Pick<ChainSendRow, 'id' | 'sourceIndex' | 'fromAddress'>): { address: string; signer: DigestSigner } {
  if (!ctx.depositAccounts) throw new Error(`${ctx.chain.key}: send ${send.id} is from a deposit address and this signer has no deposit seed`);
  const sender = tronSignerOf(ctx.depositAccounts(send.sourceIndex!));
  if (sender.address !== send.fromAddress) throw new Error(`${ctx.chain.key}: the deposit seed does not make the address of send ${send.id}`);
  return sender;
}

interface SignQueuedTronSendOptions {
  ctx: TronSignerChain;
  lane: SignLane;
  input: TronSignInput;
}

/**
 * Signs the oldest queued send of the lane (sign-lanes.ts), if it can be paid, in one transaction
 * that claims the send (FOR UPDATE SKIP LOCKED: another signer takes the next one), stores the
 * signed bytes and their txID as attempt 1, marks the send SIGNED and calls its settlement's
 * `signed`. Nothing is broadcast here: bytes reach a node only once stored, and a crash before the
 * commit leaves no transaction anywhere. TRON has no nonce; a send still takes a sequence number
 * (the hot wallet's next, under its row lock; for a deposit address, one past its last signed send:
 * it has one open send at most), so the columns mean the same on every chain. A send that cannot be
 * paid (USDT, TRX for the fee limit, bandwidth and a top-up's value, the target) stays QUEUED with
 * the reason recorded.
 */
export async function signQueuedTronSend(db: Db, { ctx, lane, input }: SignQueuedTronSendOptions): Promise<SignOutcome> {
  const purposes = Object.keys(ctx.settlements) as ChainSendPurpose[];
  if (purposes.length === 0) return { outcome: 'none' };
  if (lane === 'deposit' && !ctx.depositAccounts) return { outcome: 'none' };
  return db.transaction(async (tx): Promise<SignOutcome> => {
    const [send] = await tx
      .select()
      .from(chainSends)
      .where(
        and(
          eq(chainSends.chain, ctx.chain.key),
          eq(chainSends.state, 'QUEUED'),
          inArray(chainSends.purpose, purposes),
          laneFilter(lane),
          input.skip.length > 0 ? notInArray(chainSends.id, [...input.skip]) : undefined,
        ),
      )
      .orderBy(asc(chainSends.createdAt), asc(chainSends.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!send) return { outcome: 'none' };
    const wait = async (reason: ChainSendWaitReason): Promise<SignOutcome> => {
      await recordWait(tx, { where: { chain: ctx.chain.key, from: send.fromAddress ?? ctx.address }, send, reason, now: input.now });
      return { outcome: 'wait', id: send.id, reason };
    };

    if (lane === 'deposit') {
      // The address pays its transfer's energy and bandwidth from its top-up.
      if ((await ctx.node.trxBalance(send.fromAddress!)) < ctx.feeLimitSun + BANDWIDTH_ALLOWANCE_SUN) return wait('gas');
      const signed = await signTronSend(ctx, send, input.head);
      const [last] = rowsOf<{ next: string }>(await tx.execute(sql`select coalesce(max(nonce) + 1, 0)::text as next from chain_sends where chain = ${ctx.chain.key} and from_address = ${send.fromAddress} and nonce is not null`));
      return store(tx, ctx, send, signed, { from: send.fromAddress!, nonce: BigInt(last?.next ?? '0'), now: input.now });
    }

    const open = await openTotals(tx, ctx);
    if (send.asset === 'token') {
      const available = new Dec(toLedgerAmount(input.tokenBalance, ctx.chain.tokens.USDT.decimals).amount).minus(open.token);
      if (available.lt(send.amount)) return wait('token');
      if (send.purpose === 'withdrawal' && input.target !== undefined && available.lt(input.target)) return wait('below_target');
    }
    // Every signed, unconfirmed send may still burn its whole limit: this one comes on top.
    if (input.trxBalance - open.trx < mostBurnt(ctx, send) + BANDWIDTH_ALLOWANCE_SUN + BigInt(send.nativeValue ?? '0')) return wait('gas');

    const [wallet] = await tx
      .select()
      .from(chainHotWallets)
      .where(and(eq(chainHotWallets.chain, ctx.chain.key), eq(chainHotWallets.address, ctx.address)))
      .for('update');
    if (!wallet) throw new Error(`${ctx.chain.key}: the hot wallet has no row yet`);
    const signed = await signTronSend(ctx, send, input.head);
    const outcome = await store(tx, ctx, send, signed, { from: ctx.address, nonce: wallet.nextNonce, now: input.now });
    await tx
      .update(chainHotWallets)
      .set({ nextNonce: wallet.nextNonce + 1n, updatedAt: input.now })
      .where(and(eq(chainHotWallets.chain, ctx.chain.key), eq(chainHotWallets.address, ctx.address)));
    return outcome;
  });
}

/** The signed bytes as attempt 1, the send SIGNED, its settlement told: one transaction, before any broadcast. */
async function store(tx: Tx, ctx: TronSignerChain, send: ChainSendRow, signed: SignedTronTransaction, input: { from: string; nonce: bigint; now: Date }): Promise<SignOutcome> {
  await tx.insert(chainSendAttempts).values(attemptRow(ctx, send, 1, signed, input.now));
  const row = await applyChainSendTransition(tx, { send, action: 'sign', changes: { fromAddress: input.from, nonce: input.nonce, txHash: signed.txId, signedAt: input.now, waitReason: null, waitingSince: null }, now: input.now });
  // The row is locked by this transaction: nobody else can have moved it.
  if (!row) throw new Error('a locked queued send changed state');
  await ctx.settlements[send.purpose]!.signed(tx, { id: send.id, referenceId: send.referenceId, chain: send.chain, txHash: signed.txId });
  return { outcome: 'signed' };
}

/**
 * The most TRX (sun) a send's transaction may burn besides bandwidth: a TRC-20 transfer its fee
 * limit; a TRX transfer the activation of a new account (a deposit address that never held TRX).
 */
function mostBurnt(ctx: TronSignerChain, send: Pick<ChainSendRow, 'asset'>): bigint {
  return send.asset === 'native' ? ACCOUNT_ACTIVATION_SUN : ctx.feeLimitSun;
}

/**
 * A stored attempt: the whole signed `protocol.Transaction` as hex (what `/wallet/broadcasthex`
 * takes, and all that is ever broadcast) and its txID. TRON has no gas price: the fee limit is
 * kept as the gas limit at a price of 1 sun, so "limit × price" is the most it may burn, as on EVM.
 */
export function attemptRow(ctx: TronSignerChain, send: Pick<ChainSendRow, 'id' | 'asset'>, attempt: number, signed: SignedTronTransaction, now: Date): typeof chainSendAttempts.$inferInsert {
  return {
    sendId: send.id,
    attempt,
    txHash: signed.txId,
    rawTx: signed.signedHex,
    maxFeePerGas: '1',
    maxPriorityFeePerGas: '0',
    gasLimit: mostBurnt(ctx, send).toString(),
    signedAt: now,
  };
}

/** What the hot wallet's signed, unconfirmed sends still take from it: their USDT, and their limits, bandwidth and TRX values in sun. */
async function openTotals(tx: Tx, ctx: TronSignerChain): Promise<{ token: string; trx: bigint }> {
  const [row] = rowsOf<{ token: string; trx: string }>(
    await tx.execute(sql`
      select coalesce(sum(s.amount), 0)::text as token,
             coalesce(sum(a.gas_limit * a.max_fee_per_gas + ${BANDWIDTH_ALLOWANCE_SUN.toString()}::numeric + coalesce(s.native_value, 0)), 0)::text as trx
      from chain_sends s
      join lateral (select gas_limit, max_fee_per_gas from chain_send_attempts where send_id = s.id order by attempt desc limit 1) a on true
      where s.chain = ${ctx.chain.key} and s.from_address = ${ctx.address} and s.source_index is null and s.state in ('SIGNED', 'BROADCAST')`),
  );
  return { token: row?.token ?? '0', trx: BigInt((row?.trx ?? '0').split('.')[0]!) };
}
