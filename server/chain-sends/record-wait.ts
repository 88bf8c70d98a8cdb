import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { chainSends, type ChainSendWaitReason } from '../../db/schema';
import { log } from '../logging/log';
import type { ChainSendRow } from './apply-chain-send-transition';

interface RecordWaitOptions {
  where: { chain: string; from: string };
  send: ChainSendRow;
  reason: ChainSendWaitReason;
  now: Date;
}

/**
 * Records why a queued send waits, for the operators (the hot-wallet summary, the waiting-sends
 * gauge); the first time a send waits for gas or for the target, says so at `error`: an operator
 * must act (fund the wallet's native coin, or let the sweeps refill it). Never a key, an RPC URL or
 * a balance of anything but the hot wallet. `from` is the address that would pay.
 */
export async function recordWait(tx: Tx, { where, send, reason, now }: RecordWaitOptions): Promise<void> {
  if (send.waitReason === reason) return;
  await tx.update(chainSends).set({ waitReason: reason, waitingSince: now, updatedAt: now }).where(eq(chainSends.id, send.id));
  const message = {
    gas: 'chain send waits: the sending address cannot pay its gas',
    below_target: 'hot wallet below its target balance; withdrawals wait',
    token: 'hot wallet cannot cover the next send; it waits',
  }[reason];
  log(reason === 'token' ? 'warn' : 'error', message, { chain: where.chain, send: send.id, purpose: send.purpose, from: where.from });
}
