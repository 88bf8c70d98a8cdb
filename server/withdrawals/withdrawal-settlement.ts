import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { walletWithdrawals, type WithdrawalState } from '../../db/schema';
import { log } from '../logging/log';
import { accountIds } from '../ledger/account-ids';
import { move } from '../ledger/move';
import { Dec } from '../money/decimal';
import type { WithdrawalAction } from './withdrawal-machine';
import { applyWithdrawalTransition, type WithdrawalRow } from './apply-withdrawal-transition';
import type { ChainSendSettlement } from '../chain-sends/settlement';

/** What the signer reports of one send at each step. */
type ChainSendReport = Parameters<ChainSendSettlement['signed']>[1];
import { returnWithdrawalFunds } from './return-withdrawal-funds';

/**
 * The withdrawal's side of the signer's callbacks (docs/wallet.md, "Withdrawals"): each locks the
 * withdrawal, applies its transition with the ledger transfer and the event in the signer's
 * transaction. A step the withdrawal has already taken (a retried callback) changes nothing;
 * any other state is refused by the machine (INVALID_ORDER_STATE) and rolls the signer's
 * transaction back.
 */
export const withdrawalSettlement: ChainSendSettlement = {
  async signed(tx, send) {
    await step(tx, send, 'sign', 'SIGNED', (now) => ({ txHash: send.txHash, signedAt: now }));
  },

  async broadcast(tx, send) {
    await step(tx, send, 'broadcast', 'BROADCAST', (now) => ({ txHash: send.txHash, broadcastAt: now }));
  },

  async confirmed(tx, send) {
    const gas = new Dec(send.gasSpent);
    if (!gas.isFinite() || gas.isNegative()) throw new Error(`withdrawal ${send.referenceId}: gas spent is not a non-negative number`);
    const row = await step(tx, send, 'confirm', 'CONFIRMED', (now) => ({ txHash: send.txHash, confirmedAt: now, gasSpent: gas.toFixed(), gasSymbol: send.nativeSymbol }));
    if (!row) return;
    // The amount leaves to the world; the fee is the platform's, on the withdrawal's stripe.
    await move(tx, {
      id: `withdrawal:${row.id}:confirm`,
      kind: 'withdrawal.confirm',
      memo: `${row.chainKey} ${send.txHash}`,
      from: accountIds.withdrawalPending({ type: row.ownerType, id: row.ownerId }),
      to: [
        { accountId: accountIds.external, amount: row.amount },
        { accountId: accountIds.platformFeesFor(row.id), amount: row.fee },
      ],
    });
  },

  async failed(tx, send) {
    const row = await step(tx, send, 'fail', 'FAILED', (now) => ({ txHash: send.txHash, failedAt: now, reason: send.reason.slice(0, 500), caseOpenedAt: now }));
    if (!row) return;
    await returnWithdrawalFunds(tx, row, 'withdrawal.fail');
    // The case is the row's open case_opened_at; the operator's list shows it. Never the reason's text in the log.
    log('warn', 'withdrawal failed on chain: case opened', { withdrawalId: row.id, chain: row.chainKey });
  },
};

/** Locks the withdrawal and applies one step; null when it had already taken it (nothing to do). */
async function step(
  tx: Tx,
  send: ChainSendReport,
  action: WithdrawalAction,
  target: WithdrawalState,
  changes: (now: Date) => Parameters<typeof applyWithdrawalTransition>[1]['changes'],
): Promise<WithdrawalRow | null> {
  const [withdrawal] = await tx.select().from(walletWithdrawals).where(eq(walletWithdrawals.id, send.referenceId)).for('update');
  if (!withdrawal) throw new Error(`chain send ${send.id} names no withdrawal`);
  if (withdrawal.state === target && withdrawal.txHash === send.txHash) return null;
  const now = new Date();
  const moved = await applyWithdrawalTransition(tx, { withdrawal, action, actor: 'system', changes: changes(now), now });
  if (!moved) throw new Error(`withdrawal ${withdrawal.id} moved while locked`);
  return moved;
}
