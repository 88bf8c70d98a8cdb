import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/client';
import { chainSweeps } from '../../../db/schema';
import type { ChainConfig } from '../../chains/chains';
import { toLedgerAmount } from '../../chains/token-amount';
import { log } from '../../logging/log';
import { Dec } from '../../money/decimal';
import { queueChainSend } from '../queue-chain-send';
import { queueSweepTransfer } from './sweep-settlement';

/** Addresses looked at per pass; the rest wait for the next. */
const PER_PASS = 20;

/**
 * A chain's side of the planner: EVM (evm/evm-sweep-source.ts) or TRON (tron/tron-sweep-source.ts).
 * Amounts of the native coin are in its base unit (wei, sun).
 */
export interface SweepSource {
  chain: ChainConfig;
  /** The hot wallet the sweeps go to. */
  hot: string;
  /** The address the seed makes at `index`. */
  addressOf(index: number): string;
  /** The address's USDT on chain, in base units. */
  tokenBalance(address: string): Promise<bigint>;
  /** What the address lacks of the native coin for one transfer of `amount` to the hot wallet (0: it has enough). */
  topupFor(address: string, amount: string): Promise<bigint>;
}

/**
 * The sweep planner (docs/wallet.md, "Sweeps"), run by the signer on its chain's tick: every
 * deposit address of the chain whose credited USDT not yet swept reaches `threshold`, and which has
 * no sweep open, gets a sweep: its row and, in the same transaction, the gas top-up from the hot
 * wallet (just enough for one transfer at today's fees, less what the address already holds), or
 * straight the transfer when it already holds that gas. A second planner, or this one after a
 * crash, meets the open sweep's unique key and queues nothing. Only credited USDT is swept: a held
 * deposit stays on its address for the operators, and what the chain no longer shows (a deposit
 * reorganised away) is not swept either. The same on EVM and TRON (docs/wallet-tron.md, "Sweeps on
 * TRON"); only the source's gas arithmetic differs.
 */
export async function planSweeps(db: Db, source: SweepSource, input: { threshold: string; now: Date }): Promise<number> {
  const { chain } = source;
  const candidates = rowsOf<{ address: string; derivation_index: number; unswept: string }>(
    await db.execute(sql`
      select address, derivation_index, unswept::text as unswept from (
        select d.address, a.derivation_index,
               sum(d.amount) - coalesce((select sum(s.amount) from chain_sweeps s where s.chain = d.chain_key and s.address = d.address and s.state <> 'FAILED'), 0) as unswept
        from chain_deposits d join deposit_addresses a on a.id = d.deposit_address_id
        where d.chain_key = ${chain.key} and d.state = 'CREDITED' and a.family = ${chain.family}
          and not exists (select 1 from chain_sweeps o where o.chain = d.chain_key and o.address = d.address and o.state in ('TOPPING_UP', 'SWEEPING'))
        group by d.chain_key, d.address, a.derivation_index
      ) c
      where unswept >= ${input.threshold} and unswept > 0
      order by unswept desc
      limit ${PER_PASS}`),
  );
  const token = chain.tokens.USDT;
  let planned = 0;
  for (const candidate of candidates) {
    const address = source.addressOf(candidate.derivation_index);
    if (address !== candidate.address) {
      log('error', 'deposit seed does not make a deposit address; it is not swept', { chain: chain.key, address: candidate.address });
      continue;
    }
    // Never more than the address holds (a deposit reorganised away after its credit left nothing).
    const held = toLedgerAmount(await source.tokenBalance(address), token.decimals).amount;
    const amount = Dec.min(new Dec(candidate.unswept), new Dec(held)).toFixed(6);
    if (new Dec(amount).lt(input.threshold) || new Dec(amount).lte(0)) continue;
    const topup = await source.topupFor(address, amount);
    const queued = await db.transaction(async (tx) => {
      const [sweep] = await tx
        .insert(chainSweeps)
        .values({
          chain: chain.key,
          address,
          derivationIndex: candidate.derivation_index,
          toAddress: source.hot,
          amount,
          topupValue: topup.toString(),
          state: topup > 0n ? 'TOPPING_UP' : 'SWEEPING',
          createdAt: input.now,
          updatedAt: input.now,
        })
        .onConflictDoNothing()
        .returning();
      // Another planner opened this address's sweep first.
      if (!sweep) return false;
      if (topup > 0n) {
        await queueChainSend(tx, { chain: chain.key, purpose: 'gas_topup', referenceId: sweep.id, toAddress: address, amount: '0', nativeValue: topup.toString() }, [chain]);
      } else {
        await queueSweepTransfer(tx, sweep, [chain]);
      }
      return true;
    });
    if (queued) {
      planned += 1;
      log('info', 'sweep planned', { chain: chain.key, address, amount, topup: topup.toString() });
    }
  }
  return planned;
}
