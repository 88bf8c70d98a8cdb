import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { keccak256, type Hex } from 'viem';
import { rowsOf, type Db, type Tx } from '../../../db/client';
import { chainHotWallets, chainSendAttempts, chainSends, type ChainSendPurpose } from '../../../db/schema';
import { fromLedgerAmount, toLedgerAmount } from '../../chains/token-amount';
import { Dec } from '../../money/decimal';
import { applyChainSendTransition } from '../apply-chain-send-transition';
import type { EvmSignerChain } from './evm-signer-chain';
import { transferCalldata } from './evm-send-node';

export interface Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/** Signs an ERC-20 transfer of the hot wallet at `nonce`; the bytes and their hash, nothing sent. */
export async function signTransfer(ctx: EvmSignerChain, input: { to: string; amount: string; nonce: bigint; fees: Fees }): Promise<{ raw: Hex; hash: Hex }> {
  const value = fromLedgerAmount(input.amount, ctx.chain.tokens.USDT.decimals);
  const raw = await ctx.account.signTransaction({
    type: 'eip1559',
    chainId: ctx.chainId,
    nonce: Number(input.nonce),
    to: ctx.chain.tokens.USDT.contract as Hex,
    data: transferCalldata(input.to, value),
    value: 0n,
    gas: ctx.gasLimit,
    maxFeePerGas: input.fees.maxFeePerGas,
    maxPriorityFeePerGas: input.fees.maxPriorityFeePerGas,
  });
  return { raw, hash: keccak256(raw) };
}

/**
 * Signs the oldest queued send of the chain, if the hot wallet can pay it, in one transaction that
 * claims the send (FOR UPDATE SKIP LOCKED: another signer takes the next one), takes the next nonce
 * under the wallet row's lock, stores the signed bytes and their hash, marks the send SIGNED and
 * calls its settlement's `signed`. Nothing is broadcast here: bytes reach a node only once stored.
 * A crash anywhere in between rolls all of it back, so a nonce is never given out without a stored
 * transaction behind it and no gap can open. Returns whether a send was signed.
 */
export async function signQueuedSend(db: Db, ctx: EvmSignerChain, input: { fees: Fees; tokenBalance: bigint | undefined; now: Date }): Promise<'signed' | 'none' | 'short'> {
  const purposes = Object.keys(ctx.settlements) as ChainSendPurpose[];
  if (purposes.length === 0) return 'none';
  const from = ctx.account.address;
  return db.transaction(async (tx) => {
    const [send] = await tx
      .select()
      .from(chainSends)
      .where(and(eq(chainSends.chain, ctx.chain.key), eq(chainSends.state, 'QUEUED'), inArray(chainSends.purpose, purposes)))
      .orderBy(asc(chainSends.createdAt), asc(chainSends.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!send) return 'none';
    if (input.tokenBalance !== undefined && !(await canPay(tx, ctx, send.amount, input.tokenBalance))) return 'short';
    const [wallet] = await tx
      .select()
      .from(chainHotWallets)
      .where(and(eq(chainHotWallets.chain, ctx.chain.key), eq(chainHotWallets.address, from)))
      .for('update');
    if (!wallet) throw new Error(`${ctx.chain.key}: the hot wallet has no nonce row yet`);
    const nonce = wallet.nextNonce;
    const { raw, hash } = await signTransfer(ctx, { to: send.toAddress, amount: send.amount, nonce, fees: input.fees });
    await tx.insert(chainSendAttempts).values({
      sendId: send.id,
      attempt: 1,
      txHash: hash,
      rawTx: raw,
      maxFeePerGas: input.fees.maxFeePerGas.toString(),
      maxPriorityFeePerGas: input.fees.maxPriorityFeePerGas.toString(),
      gasLimit: ctx.gasLimit.toString(),
      signedAt: input.now,
    });
    const signed = await applyChainSendTransition(tx, send, 'sign', { fromAddress: from, nonce, txHash: hash, signedAt: input.now }, input.now);
    // The row is locked by this transaction: nobody else can have moved it.
    if (!signed) throw new Error('a locked queued send changed state');
    await tx
      .update(chainHotWallets)
      .set({ nextNonce: nonce + 1n, updatedAt: input.now })
      .where(and(eq(chainHotWallets.chain, ctx.chain.key), eq(chainHotWallets.address, from)));
    await ctx.settlements[send.purpose]!.signed(tx, { id: send.id, referenceId: send.referenceId, chain: send.chain, txHash: hash });
    return 'signed';
  });
}

/**
 * Whether the wallet's token balance covers this send on top of every signed one not yet
 * confirmed. Mined but unconfirmed sends are counted twice (already gone from the balance, still
 * open here): the check errs on waiting, never on a transfer the chain would revert.
 */
async function canPay(tx: Tx, ctx: EvmSignerChain, amount: string, tokenBalance: bigint): Promise<boolean> {
  const [open] = rowsOf<{ total: string | null }>(
    await tx.execute(sql`select coalesce(sum(amount), 0)::text as total from chain_sends where chain = ${ctx.chain.key} and state in ('SIGNED', 'BROADCAST')`),
  );
  const balance = new Dec(toLedgerAmount(tokenBalance, ctx.chain.tokens.USDT.decimals).amount);
  return balance.minus(open?.total ?? '0').gte(amount);
}
