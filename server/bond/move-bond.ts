import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { recordAudit, type AuditActorRef } from '../audit';
import { DomainError } from '../errors';
import { accountIds } from '../ledger/account-ids';
import { move } from '../ledger/move';
import { asset6 } from '../money/amount-strings';
import { Dec } from '../money/decimal';
import { routingSettings } from '../routing/routing-settings';
import { parseInput } from '../validation/parse-input';
import { lockTraderForExposure, traderExposure, type TraderExposure } from './trader-exposure';

export const moveBondInput = z
  .object({
    /** `in`: available -> bond; `out`: bond -> available. */
    direction: z.enum(['in', 'out']),
    amount: asset6,
    /** Makes a retried move harmless; one is made up when absent. */
    reference: z.string().min(1).max(128).optional(),
  })
  .strict();
type MoveBondInput = z.input<typeof moveBondInput>;

type MoveBondOptions = MoveBondInput & {
  traderId: string;
  actor: AuditActorRef;
};

/**
 * A trader moves USDT between its available balance and its bond (docs/ledger.md, "Bond"): one
 * balanced transfer and an audit row, in one transaction. Moving in needs the available USDT (the
 * ledger refuses INSUFFICIENT_BALANCE); moving out is refused with BOND_COVERS_EXPOSURE beyond the
 * part the trader's open exposure does not need, checked under the trader's row lock so an accept
 * or a match cannot slip in between the check and the move.
 */
export async function moveBond(
  db: Db,
  { traderId, actor, ...rawInput }: MoveBondOptions,
): Promise<{ transferId: string; applied: boolean; exposure: TraderExposure }> {
  const input = parseInput(moveBondInput, rawInput);
  const transferId = `bond:${traderId}:${input.reference ?? randomUUID()}`;
  const available = accountIds.traderAvailable(traderId);
  const bond = accountIds.traderBond(traderId);
  const { value: settings } = await routingSettings(db);
  return retryTransaction(db, async (tx) => {
    await lockTraderForExposure(tx, traderId);
    if (input.direction === 'out') {
      const before = await traderExposure(tx, traderId, settings.bond);
      if (new Dec(input.amount).gt(before.free)) {
        throw new DomainError('BOND_COVERS_EXPOSURE', 'That part of the bond still covers open orders.', { meta: { free: before.free } });
      }
    }
    const [from, to] = input.direction === 'in' ? [available, bond] : [bond, available];
    const { applied } = await move(tx, { id: transferId, kind: `bond.${input.direction}`, from, to: [{ accountId: to, amount: input.amount }] });
    if (applied) {
      await recordAudit(tx, {
        actorType: actor.type,
        actorId: actor.id,
        ip: actor.ip,
        action: `trader.bond_${input.direction}`,
        targetType: 'trader',
        targetId: traderId,
        details: { amount: new Dec(input.amount).toFixed(6), transferId },
      });
    }
    return { transferId, applied, exposure: await traderExposure(tx, traderId, settings.bond) };
  });
}
