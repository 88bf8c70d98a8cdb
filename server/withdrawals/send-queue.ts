import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { chainSends } from '../../db/schema';

/**
 * Queues an on-chain send for the signer (docs/wallet.md, "Withdrawals"), in the caller's
 * transaction: the one that approves the withdrawal. Idempotent on (purpose, referenceId): a second
 * call returns the first row's id and queues nothing.
 */
export async function queueChainSend(
  tx: Tx,
  send: { chain: string; purpose: 'withdrawal'; referenceId: string; toAddress: string; amount: string },
): Promise<{ id: string }> {
  const [inserted] = await tx.insert(chainSends).values(send).onConflictDoNothing().returning({ id: chainSends.id });
  if (inserted) return inserted;
  const [existing] = await tx.select({ id: chainSends.id }).from(chainSends).where(sameSend(send));
  if (!existing) throw new Error(`chain send for ${send.purpose} ${send.referenceId} vanished`);
  return existing;
}

function sameSend(send: { purpose: string; referenceId: string }) {
  return and(eq(chainSends.purpose, send.purpose), eq(chainSends.referenceId, send.referenceId));
}
