import { and, eq, sql } from 'drizzle-orm';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { Db } from '../../../db/client';
import { chainHotWallets, chainSends } from '../../../db/schema';
import type { ChainConfig } from '../../chains/chains';
import { toLedgerAmount } from '../../chains/token-amount';
import { canonicalTronAddress } from '../../chains/tron/address';
import { log } from '../../logging/log';
import { chainSendAttemptsTotal } from '../../metrics/signer-metrics';
import { hotWalletSettings } from '../hot-wallet-settings';
import type { DepositAccounts } from '../deposit-accounts';
import type { ChainSendSettlements } from '../settlement';
import { signAcrossLanes } from '../sign-lanes';
import { planSweeps } from '../sweeps/plan-sweeps';
import { advanceOpenTronSends } from './advance-open-tron-sends';
import { signQueuedTronSend } from './sign-queued-tron-send';
import { tronSignerOf, type TronSignerChain } from './tron-signer-chain';
import { tronSendNode, type TronSendNode } from './tron-send-node';
import { tronSweepSource } from './tron-sweep-source';

/** The documented default fee limit of a TRC-20 transfer: 100 TRX (docs/wallet-tron.md, "The signer on TRON"). */
const DEFAULT_FEE_LIMIT_SUN = 100_000_000n;
/** A transaction is valid for a minute of chain time after its reference block (tronweb's default too). */
const DEFAULT_EXPIRATION_MS = 60_000;

export interface TronChainWorkOptions {
  db: Db;
  chain: ChainConfig;
  key: PrivateKeyAccount;
  settlements: ChainSendSettlements;
  /** The deposit addresses' TRON keys (deposit-seed.ts): with them, and the sweeps' settlements, sweeps are planned and signed. */
  depositAccounts?: DepositAccounts;
  sweepEveryMs: number;
  node?: TronSendNode;
  feeLimitSun?: bigint;
  expirationMs?: number;
  rebroadcastMs: number;
  balanceEveryMs: number;
  signPerTick: number;
  stopped: () => boolean;
}

/**
 * One tick of the signer on a TRON chain: sweeps planned (when due), queued sends signed over the
 * lanes (sweeps, top-ups, then withdrawals in order, while their senders can pay), then every signed
 * send moved a step. The hot wallet's TRON address is the key's, and a configured `hotWallet` must be
 * that address.
 */
export function tronChainWork(options: TronChainWorkOptions): () => Promise<void> {
  const node = options.node ?? tronSendNode({ url: options.chain.rpcUrl });
  let ctx: TronSignerChain | undefined;
  let balanceReadAt = 0;
  let sweepPlannedAt = 0;
  return async () => {
    ctx ??= await prepare(options, node);
    const { db, chain } = options;
    if (ctx.depositAccounts && ctx.settlements.sweep && ctx.settlements.gas_topup && Date.now() - sweepPlannedAt >= options.sweepEveryMs) {
      const settings = await hotWalletSettings(db);
      await planSweeps(db, tronSweepSource(ctx, ctx.depositAccounts), { threshold: settings.sweepThreshold, now: new Date() });
      sweepPlannedAt = Date.now();
    }
    const gaugeDue = Date.now() - balanceReadAt >= options.balanceEveryMs;
    const [queued] = await db
      .select({ id: chainSends.id })
      .from(chainSends)
      .where(and(eq(chainSends.chain, chain.key), eq(chainSends.state, 'QUEUED')))
      .limit(1);
    if (queued || gaugeDue) {
      // Read now, not from the gauges' last read: sends confirmed since then have left the wallet.
      const tokenBalance = await node.tokenBalance(chain.tokens.USDT.contract, ctx.address);
      const trxBalance = await node.trxBalance(ctx.address);
      if (gaugeDue) {
        await db
          .update(chainHotWallets)
          .set({ tokenBalance: toLedgerAmount(tokenBalance, chain.tokens.USDT.decimals).amount, nativeBalance: trxBalance.toString(), balanceReadAt: new Date(), updatedAt: sql`now()` })
          .where(and(eq(chainHotWallets.chain, chain.key), eq(chainHotWallets.address, ctx.address)));
        balanceReadAt = Date.now();
      }
      if (queued) await signQueued(db, ctx, { tokenBalance, trxBalance, signPerTick: options.signPerTick, stopped: options.stopped });
    }
    await advanceOpenTronSends(db, ctx, { now: new Date() });
  };
}

async function signQueued(db: Db, ctx: TronSignerChain, input: { tokenBalance: bigint; trxBalance: bigint; signPerTick: number; stopped: () => boolean }): Promise<void> {
  const head = await ctx.node.head();
  const target = (await hotWalletSettings(db)).targets[ctx.chain.key];
  const signed = await signAcrossLanes(
    (lane, skip) => signQueuedTronSend(db, { ctx, lane, input: { head, tokenBalance: input.tokenBalance, trxBalance: input.trxBalance, target, now: new Date(), skip } }),
    input.signPerTick,
    input.stopped,
  );
  if (signed > 0) chainSendAttemptsTotal.inc({ chain: ctx.chain.key, outcome: 'signed' }, signed);
}

async function prepare(options: TronChainWorkOptions, node: TronSendNode): Promise<TronSignerChain> {
  const { address, signer } = tronSignerOf(options.key);
  const { chain } = options;
  if (chain.hotWallet !== undefined && canonicalTronAddress(chain.hotWallet) !== address) {
    throw new Error(`${chain.key}: the configured hotWallet is not the TRON address of the signer's key`);
  }
  // TRON has no nonce: the row's counter numbers the wallet's sends, from 0.
  await options.db.insert(chainHotWallets).values({ chain: chain.key, address, nextNonce: 0n }).onConflictDoNothing();
  log('info', 'signer ready', { chain: chain.key, address });
  return {
    chain,
    node,
    address,
    signer,
    settlements: options.settlements,
    depositAccounts: options.depositAccounts,
    feeLimitSun: options.feeLimitSun ?? DEFAULT_FEE_LIMIT_SUN,
    expirationMs: options.expirationMs ?? DEFAULT_EXPIRATION_MS,
    rebroadcastMs: options.rebroadcastMs,
  };
}
