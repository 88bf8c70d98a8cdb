import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { Db } from '../../db/client';
import { chainHotWallets, chainSends, type ChainSendPurpose } from '../../db/schema';
import type { ChainConfig } from '../chains/chains';
import { toLedgerAmount } from '../chains/token-amount';
import { log } from '../logging/log';
import { chainSendAttemptsTotal } from '../metrics/signer-metrics';
import { advanceOpenSends } from './evm/advance-open-sends';
import type { DepositAccounts } from './deposit-accounts';
import type { EvmSignerChain } from './evm/evm-signer-chain';
import { evmSendNode, type EvmSendNode } from './evm/evm-send-node';
import { evmSweepSource } from './evm/evm-sweep-source';
import { signQueuedSend } from './evm/sign-queued-send';
import { hotWalletSettings } from './hot-wallet-settings';
import type { ChainSendSettlements } from './settlement';
import { signAcrossLanes } from './sign-lanes';
import { planSweeps } from './sweeps/plan-sweeps';
import { tronChainWork } from './tron/tron-chain-work';

export interface SignerOptions {
  db: Db;
  chains: readonly ChainConfig[];
  /** The hot wallet's account (hot-wallet-key.ts); the key never leaves it. */
  key: PrivateKeyAccount;
  /** The queuing side's handlers by purpose; sends of a purpose without one are not signed. */
  settlements: ChainSendSettlements;
  /** Default 180 s: then the next send to be mined is replaced with higher fees. */
  stuckAfterMs?: number;
  /** Default 30 s. */
  rebroadcastMs?: number;
  /** The gas limit when the node cannot estimate one; default 100,000. */
  gasLimit?: bigint;
  /** The deposit addresses' keys (deposit-seed.ts): with them, and the sweeps' settlements, the signer plans and signs sweeps. */
  depositAccounts?: DepositAccounts;
  /** The same seed's TRON deposit keys (m/44'/195'/0'): with them, TRON chains are swept too (docs/wallet-tron.md, "Sweeps on TRON"). */
  tronDepositAccounts?: DepositAccounts;
  /** How often the sweep planner runs per chain; default 60 s. */
  sweepEveryMs?: number;
  /** How often the hot wallet's balances are read for the gauges; default 30 s. */
  balanceEveryMs?: number;
  /** Sends signed per tick at most, so confirmations keep up with a long queue; default 50. */
  signPerTick?: number;
  nodes?: Map<string, EvmSendNode>;
  /** TRON: the most TRX (sun) one transfer's energy may burn; default 100 TRX (docs/wallet-tron.md). */
  tronFeeLimitSun?: bigint;
  /** TRON: how long a signed transaction stays valid after its reference block, in chain time; default 60 s. */
  tronExpirationMs?: number;
  keepProcessAlive?: boolean;
}

/**
 * The signer (docs/wallet.md, "The signer"): for each configured chain, EVM or TRON
 * (docs/wallet-tron.md), on its poll interval, signs queued sends and moves signed ones to
 * confirmation. Several may run at once against one database; row locks and the nonce's unique
 * key keep them from signing one send twice or giving one nonce to two sends. A failed tick (node down) is logged without the RPC URL and retried.
 * Returns a stop function that waits for the ticks in flight.
 */
export function startSigner(options: SignerOptions): () => Promise<void> {
  const arm = (timer: NodeJS.Timeout) => (options.keepProcessAlive ? timer : timer.unref());
  let stopped = false;
  const loops = options.chains.map((chain) => {
    const work =
      chain.family === 'tron'
        ? tronChainWork({
            db: options.db,
            chain,
            key: options.key,
            settlements: options.settlements,
            depositAccounts: options.tronDepositAccounts,
            sweepEveryMs: options.sweepEveryMs ?? 60_000,
            feeLimitSun: options.tronFeeLimitSun,
            expirationMs: options.tronExpirationMs,
            rebroadcastMs: options.rebroadcastMs ?? 30_000,
            balanceEveryMs: options.balanceEveryMs ?? 30_000,
            signPerTick: options.signPerTick ?? 50,
            stopped: () => stopped,
          })
        : evmChainWork(options, chain, () => stopped);
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    const tick = () => {
      running = (async () => {
        try {
          await work();
        } catch (error) {
          chainSendAttemptsTotal.inc({ chain: chain.key, outcome: 'tick_error' });
          log('warn', 'signer tick failed', { chain: chain.key, error: error instanceof Error ? error.name : 'unknown' });
        } finally {
          running = undefined;
          if (!stopped) timer = arm(setTimeout(tick, chain.pollIntervalMs));
        }
      })();
    };
    timer = arm(setTimeout(tick, 0));
    return {
      stop: async () => {
        clearTimeout(timer);
        await running;
      },
    };
  });
  return async () => {
    stopped = true;
    await Promise.all(loops.map((loop) => loop.stop()));
  };
}

/** One tick of the signer on an EVM chain: balances, sweeps, signing, then the open sends. */
function evmChainWork(options: SignerOptions, chain: ChainConfig, stopped: () => boolean): () => Promise<void> {
  const node = options.nodes?.get(chain.key) ?? evmSendNode({ rpcUrl: chain.rpcUrl });
  let ctx: EvmSignerChain | undefined;
  let balanceReadAt = 0;
  let sweepPlannedAt = 0;
  return async () => {
    ctx ??= await prepareChain(options, chain, node);
    const now = new Date();
    if (Date.now() - balanceReadAt >= (options.balanceEveryMs ?? 30_000)) {
      await recordBalances(options.db, ctx, now);
      balanceReadAt = Date.now();
    }
    if (ctx.depositAccounts && ctx.settlements.sweep && ctx.settlements.gas_topup && Date.now() - sweepPlannedAt >= (options.sweepEveryMs ?? 60_000)) {
      const settings = await hotWalletSettings(options.db);
      await planSweeps(options.db, evmSweepSource(ctx, ctx.depositAccounts, await node.fees()), { threshold: settings.sweepThreshold, now: new Date() });
      sweepPlannedAt = Date.now();
    }
    await signQueued(options, ctx, stopped);
    await advanceOpenSends(options.db, ctx, { now: new Date(), fees: () => node.fees() });
  };
}

/**
 * The chain's id from its node, the configured hot wallet checked against the key, and the
 * wallet's nonce row, started at the node's count of its transactions the first time only: from
 * then on PostgreSQL gives out nonces.
 */
async function prepareChain(options: SignerOptions, chain: ChainConfig, node: EvmSendNode): Promise<EvmSignerChain> {
  const address = options.key.address;
  if (chain.hotWallet !== undefined && chain.hotWallet !== address) {
    throw new Error(`${chain.key}: the configured hotWallet is not the address of the signer's key`);
  }
  const chainId = await node.chainId();
  const pending = await node.pendingNonce(address);
  await options.db.insert(chainHotWallets).values({ chain: chain.key, address, nextNonce: pending }).onConflictDoNothing();
  log('info', 'signer ready', { chain: chain.key, address });
  return {
    chain,
    node,
    account: options.key,
    chainId,
    settlements: options.settlements,
    gasLimit: options.gasLimit ?? 100_000n,
    depositAccounts: options.depositAccounts,
    stuckAfterMs: options.stuckAfterMs ?? 180_000,
    rebroadcastMs: options.rebroadcastMs ?? 30_000,
  };
}

async function signQueued(options: SignerOptions, ctx: EvmSignerChain, stopped: () => boolean): Promise<void> {
  const [wallet] = await options.db
    .select({ nextNonce: chainHotWallets.nextNonce })
    .from(chainHotWallets)
    .where(and(eq(chainHotWallets.chain, ctx.chain.key), eq(chainHotWallets.address, ctx.account.address)));
  const mined = await ctx.node.minedNonce(ctx.account.address);
  if (wallet && mined > wallet.nextNonce) {
    // Transactions the signer never made: its next nonce is already used and anything it signed
    // would never be mined. An operator must find out why (docs/wallet.md, "Compromised hot key").
    log('error', 'hot wallet nonce on chain is ahead of the signer; signing stopped', { chain: ctx.chain.key, onChain: String(mined), signer: String(wallet.nextNonce) });
    return;
  }
  const purposes = Object.keys(ctx.settlements) as ChainSendPurpose[];
  if (purposes.length === 0) return;
  const [queued] = await options.db
    .select({ id: chainSends.id })
    .from(chainSends)
    .where(and(eq(chainSends.chain, ctx.chain.key), eq(chainSends.state, 'QUEUED'), inArray(chainSends.purpose, purposes)))
    .limit(1);
  if (!queued) return;
  // Read now, not from the gauges' last read: sends confirmed since then have left the wallet.
  const tokenBalance = await ctx.node.tokenBalance(ctx.chain.tokens.USDT.contract, ctx.account.address);
  const nativeBalance = await ctx.node.nativeBalance(ctx.account.address);
  const fees = await ctx.node.fees();
  const target = (await hotWalletSettings(options.db)).targets[ctx.chain.key];
  const signed = await signAcrossLanes((lane, skip) => signQueuedSend(options.db, { ctx, lane, input: { fees, tokenBalance, nativeBalance, target, now: new Date(), skip } }), options.signPerTick ?? 50, stopped);
  if (signed > 0) chainSendAttemptsTotal.inc({ chain: ctx.chain.key, outcome: 'signed' }, signed);
}

/** Reads the hot wallet's balances into its row, for the gauges. */
async function recordBalances(db: Db, ctx: EvmSignerChain, now: Date): Promise<void> {
  const token = await ctx.node.tokenBalance(ctx.chain.tokens.USDT.contract, ctx.account.address);
  const native = await ctx.node.nativeBalance(ctx.account.address);
  await db
    .update(chainHotWallets)
    .set({ tokenBalance: toLedgerAmount(token, ctx.chain.tokens.USDT.decimals).amount, nativeBalance: native.toString(), balanceReadAt: now, updatedAt: sql`now()` })
    .where(and(eq(chainHotWallets.chain, ctx.chain.key), eq(chainHotWallets.address, ctx.account.address)));
}
