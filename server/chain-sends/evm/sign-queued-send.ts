import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { keccak256, type Hex } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { rowsOf, type Db, type Tx } from '../../../db/client';
import { chainHotWallets, chainSendAttempts, chainSends, type ChainSendPurpose, type ChainSendWaitReason } from '../../../db/schema';
import { fromLedgerAmount, toLedgerAmount } from '../../chains/token-amount';
import { Dec } from '../../money/decimal';
import { applyChainSendTransition, type ChainSendRow } from '../apply-chain-send-transition';
import { recordWait } from '../record-wait';
import { laneFilter, type SignLane, type SignOutcome } from '../sign-lanes';
import type { EvmSignerChain } from './evm-signer-chain';
import { transferCalldata } from './evm-send-node';
import { gasLimitFor } from './gas-limit';

export interface Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/** What a send moves, as the signer signs it. */
interface SendBody {
  to: string;
  asset: 'token' | 'native';
  /** 6-decimal USDT for a token send. */
  amount: string;
  /** wei for a native send. */
  nativeValue: bigint;
}

function callOf(ctx: EvmSignerChain, body: SendBody): { to: string; data?: Hex; value: bigint } {
  if (body.asset === 'native') return { to: body.to, value: body.nativeValue };
  return { to: ctx.chain.tokens.USDT.contract, data: transferCalldata(body.to, fromLedgerAmount(body.amount, ctx.chain.tokens.USDT.decimals)), value: 0n };
}

export function bodyOf(send: Pick<ChainSendRow, 'toAddress' | 'asset' | 'amount' | 'nativeValue'>): SendBody {
  return { to: send.toAddress, asset: send.asset, amount: send.amount, nativeValue: BigInt(send.nativeValue ?? '0') };
}

/** Signs a send of `account` at `nonce`: the bytes and their hash, nothing sent. */
export async function signTransfer(
  ctx: EvmSignerChain,
  account: PrivateKeyAccount,
  input: { body: SendBody; nonce: bigint; fees: Fees; gas: bigint },
): Promise<{ raw: Hex; hash: Hex }> {
  const call = callOf(ctx, input.body);
  const raw = await account.signTransaction({
    type: 'eip1559',
    chainId: ctx.chainId,
    nonce: Number(input.nonce),
    to: call.to as Hex,
    data: call.data,
    value: call.value,
    gas: input.gas,
    maxFeePerGas: input.fees.maxFeePerGas,
    maxPriorityFeePerGas: input.fees.maxPriorityFeePerGas,
  });
  return { raw, hash: keccak256(raw) };
}

interface SignInput {
  fees: Fees;
  /** The hot wallet's balances read at the start of the tick (base units, wei). */
  tokenBalance: bigint;
  nativeBalance: bigint;
  /** USDT the hot wallet should keep before withdrawals go out; undefined: none set. */
  target: string | undefined;
  now: Date;
  /** Sends found waiting this tick, not looked at again until the next. */
  skip: readonly string[];
}

interface SignQueuedSendOptions {
  ctx: EvmSignerChain;
  lane: SignLane;
  input: SignInput;
}

/**
 * Signs the oldest queued send of the lane, if it can be paid, in one transaction that claims the
 * send (FOR UPDATE SKIP LOCKED: another signer takes the next one), takes its nonce (the hot
 * wallet's under its row lock; a deposit address's from the chain, since it has one open send at
 * most), stores the signed bytes and their hash, marks the send SIGNED and calls its settlement's
 * `signed`. Nothing is broadcast here: bytes reach a node only once stored. A crash anywhere in
 * between rolls all of it back, so a nonce is never given out without a stored transaction behind
 * it. A send that cannot be paid (USDT, gas, the hot wallet below its target) stays QUEUED with the
 * reason recorded, unsigned.
 */
export async function signQueuedSend(db: Db, { ctx, lane, input }: SignQueuedSendOptions): Promise<SignOutcome> {
  const purposes = Object.keys(ctx.settlements) as ChainSendPurpose[];
  if (purposes.length === 0) return { outcome: 'none' };
  if (lane === 'deposit' && !ctx.depositAccounts) return { outcome: 'none' };
  const hot = ctx.account.address;
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
    const body = bodyOf(send);
    const wait = async (reason: ChainSendWaitReason): Promise<SignOutcome> => {
      await recordWait(tx, { where: { chain: ctx.chain.key, from: send.fromAddress ?? ctx.account.address }, send, reason, now: input.now });
      return { outcome: 'wait', id: send.id, reason };
    };

    if (lane === 'deposit') {
      const account = ctx.depositAccounts!(send.sourceIndex!);
      // The seed must make the very address the sweep was planned for; anything else is a wrong seed.
      if (account.address !== send.fromAddress) throw new Error(`${ctx.chain.key}: the deposit seed does not make the address of send ${send.id}`);
      const gas = await gasLimitFor(ctx, { from: account.address, ...callOf(ctx, body) });
      const native = await ctx.node.nativeBalance(account.address);
      const fees = affordableFees(input.fees, native, gas);
      if (!fees) return wait('gas');
      const nonce = await ctx.node.minedNonce(account.address);
      return store(tx, ctx, send, account, { body, nonce, fees, gas, now: input.now });
    }

    const open = await openHotWalletTotals(tx, ctx);
    if (body.asset === 'token') {
      const available = new Dec(toLedgerAmount(input.tokenBalance, ctx.chain.tokens.USDT.decimals).amount).minus(open.token);
      if (available.lt(body.amount)) return wait('token');
      if (send.purpose === 'withdrawal' && input.target !== undefined && available.lt(input.target)) return wait('below_target');
    }
    const gas = await gasLimitFor(ctx, { from: hot, ...callOf(ctx, body) });
    // The gas of every signed, unconfirmed send is still owed by the wallet: this one comes on top.
    if (input.nativeBalance - open.native < gas * input.fees.maxFeePerGas + body.nativeValue) return wait('gas');
    const [wallet] = await tx
      .select()
      .from(chainHotWallets)
      .where(and(eq(chainHotWallets.chain, ctx.chain.key), eq(chainHotWallets.address, hot)))
      .for('update');
    if (!wallet) throw new Error(`${ctx.chain.key}: the hot wallet has no nonce row yet`);
    const signed = await store(tx, ctx, send, ctx.account, { body, nonce: wallet.nextNonce, fees: input.fees, gas, now: input.now });
    await tx
      .update(chainHotWallets)
      .set({ nextNonce: wallet.nextNonce + 1n, updatedAt: input.now })
      .where(and(eq(chainHotWallets.chain, ctx.chain.key), eq(chainHotWallets.address, hot)));
    return signed;
  });
}

async function store(
  tx: Tx,
  ctx: EvmSignerChain,
  send: ChainSendRow,
  account: PrivateKeyAccount,
  input: { body: SendBody; nonce: bigint; fees: Fees; gas: bigint; now: Date },
): Promise<SignOutcome> {
  const { raw, hash } = await signTransfer(ctx, account, input);
  await tx.insert(chainSendAttempts).values({
    sendId: send.id,
    attempt: 1,
    txHash: hash,
    rawTx: raw,
    maxFeePerGas: input.fees.maxFeePerGas.toString(),
    maxPriorityFeePerGas: input.fees.maxPriorityFeePerGas.toString(),
    gasLimit: input.gas.toString(),
    signedAt: input.now,
  });
  const signed = await applyChainSendTransition(
    tx,
    { send, action: 'sign', changes: { fromAddress: account.address, nonce: input.nonce, txHash: hash, signedAt: input.now, waitReason: null, waitingSince: null }, now: input.now },
  );
  // The row is locked by this transaction: nobody else can have moved it.
  if (!signed) throw new Error('a locked queued send changed state');
  await ctx.settlements[send.purpose]!.signed(tx, { id: send.id, referenceId: send.referenceId, chain: send.chain, txHash: hash });
  return { outcome: 'signed' };
}

/**
 * The fees a deposit address can pay for `gas`: the suggested ones, or, when its top-up no longer
 * covers them (fees rose since it was planned), the highest max fee its balance pays, as long as
 * that still covers the current base fee and tip. Null: it must wait for more gas.
 */
function affordableFees(suggested: Fees, balance: bigint, gas: bigint): Fees | null {
  if (balance >= gas * suggested.maxFeePerGas) return suggested;
  const affordable = balance / gas;
  const baseFee = (suggested.maxFeePerGas - suggested.maxPriorityFeePerGas) / 2n;
  if (affordable < baseFee + suggested.maxPriorityFeePerGas) return null;
  return { maxFeePerGas: affordable, maxPriorityFeePerGas: suggested.maxPriorityFeePerGas };
}

/**
 * What the hot wallet's signed, unconfirmed sends still take from it: their USDT, and the most
 * their latest attempt's gas may cost plus any native value. Mined but unconfirmed sends are counted
 * twice (already gone from the balance, still open here): the checks err on waiting, never on a
 * transaction the chain would revert or refuse.
 */
async function openHotWalletTotals(tx: Tx, ctx: EvmSignerChain): Promise<{ token: string; native: bigint }> {
  const [row] = rowsOf<{ token: string; native: string }>(
    await tx.execute(sql`
      select coalesce(sum(s.amount), 0)::text as token,
             coalesce(sum(a.gas_limit * a.max_fee_per_gas + coalesce(s.native_value, 0)), 0)::text as native
      from chain_sends s
      join lateral (select gas_limit, max_fee_per_gas from chain_send_attempts where send_id = s.id order by attempt desc limit 1) a on true
      where s.chain = ${ctx.chain.key} and s.from_address = ${ctx.account.address} and s.source_index is null and s.state in ('SIGNED', 'BROADCAST')`),
  );
  return { token: row?.token ?? '0', native: BigInt((row?.native ?? '0').split('.')[0]!) };
}
