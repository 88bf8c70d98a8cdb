import { and, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { chainSends, type ChainSendWaitReason } from '../../db/schema';

/**
 * The queues the signer works on every chain, EVM or TRON, each in the order sends were queued
 * (docs/wallet.md, "Gas and balances"): the sweeps' transfers from deposit addresses, the hot
 * wallet's native sends (gas top-ups), and its USDT sends (withdrawals; first in, first out: when
 * the oldest must wait the rest wait behind it). A send that waits in one lane never holds up
 * another: below its target the hot wallet still tops up and takes in the sweeps that refill it.
 */
export type SignLane = 'hot_token' | 'hot_native' | 'deposit';

/** Sweeps and top-ups first: they refill the wallet the withdrawals then draw on. */
const LANES: readonly SignLane[] = ['deposit', 'hot_native', 'hot_token'];

export function laneFilter(lane: SignLane): SQL | undefined {
  if (lane === 'deposit') return isNotNull(chainSends.sourceIndex);
  return and(isNull(chainSends.sourceIndex), eq(chainSends.asset, lane === 'hot_native' ? 'native' : 'token'));
}

export type SignOutcome = { outcome: 'signed' } | { outcome: 'none' } | { outcome: 'wait'; id: string; reason: ChainSendWaitReason };

/**
 * Signs up to `budget` sends over the lanes, in their order. `signOne` signs the oldest send of a
 * lane not in `skip`; a send that must wait is skipped for the rest of the tick, except in the
 * withdrawals' lane, where the rest wait behind it. Returns how many were signed.
 */
export async function signAcrossLanes(signOne: (lane: SignLane, skip: readonly string[]) => Promise<SignOutcome>, budget: number, stopped: () => boolean): Promise<number> {
  const skip: string[] = [];
  let signed = 0;
  for (const lane of LANES) {
    while (signed < budget && !stopped()) {
      const result = await signOne(lane, skip);
      if (result.outcome === 'none') break;
      if (result.outcome === 'wait') {
        if (lane === 'hot_token') break;
        skip.push(result.id);
        continue;
      }
      signed += 1;
    }
  }
  return signed;
}
