import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { recordAudit, type AuditActorRef } from '../audit';
import { accountIds } from '../ledger/account-ids';
import { balancesOf, type Balances } from '../ledger/balances';
import { move } from '../ledger/move';
import { asset6 } from '../money/amount-strings';
import { parseInput } from '../validation/parse-input';
import { retryTransaction } from '../../db/retry-transaction';

export const adjustBalanceInput = z
  .object({
    owner: z.discriminatedUnion('type', [
      z.object({ type: z.literal('merchant'), id: z.uuid() }),
      z.object({ type: z.literal('trader'), id: z.uuid() }),
    ]),
    direction: z.enum(['credit', 'debit']),
    amount: asset6,
    memo: z.string().trim().min(1).max(500),
    /** Makes a retried adjustment harmless; one is made up when absent. */
    reference: z.string().min(1).max(128).optional(),
  })
  .strict();

export type AdjustBalanceInput = z.input<typeof adjustBalanceInput>;

/**
 * Credits (deposit) or debits (withdrawal) an owner's available USDT against the external account:
 * how USDT enters and leaves the ledger. A debit beyond the available balance is refused by the
 * ledger with INSUFFICIENT_BALANCE. Audited with the operator's memo.
 */
export async function adjustBalance(
  db: Db,
  rawInput: AdjustBalanceInput,
  actor: AuditActorRef,
): Promise<{ transferId: string; applied: boolean; balances: Balances }> {
  const input = parseInput(adjustBalanceInput, rawInput);
  const available =
    input.owner.type === 'merchant'
      ? accountIds.merchantAvailable(input.owner.id)
      : accountIds.traderAvailable(input.owner.id);
  const transferId = `adjust:${input.reference ?? randomUUID()}`;
  const [from, to] = input.direction === 'credit' ? [accountIds.external, available] : [available, accountIds.external];

  return retryTransaction(db, async (tx) => {
    const { applied } = await move(tx, {
      id: transferId,
      kind: `adjust.${input.direction}`,
      memo: input.memo,
      from,
      to: [{ accountId: to, amount: input.amount }],
    });
    if (applied) {
      await recordAudit(tx, {
        actorType: actor.type,
        actorId: actor.id,
        ip: actor.ip,
        action: `balance.${input.direction}`,
        targetType: input.owner.type,
        targetId: input.owner.id,
        details: { amount: input.amount, memo: input.memo, transferId },
      });
    }
    return { transferId, applied, balances: await balancesOf(tx, input.owner.type, input.owner.id) };
  });
}
