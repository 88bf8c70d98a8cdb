import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import { platformSettings } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { amountString } from '../money/amount-strings';
import { Dec } from '../money/decimal';
import { isoMsOrNull } from '../money/format';
import { parseInput } from '../validation/parse-input';

export const FOUR_EYES_THRESHOLD_KEY = 'dispute_four_eyes_threshold';

/** Until an operator sets one (docs/operator-guide.md, "Four eyes"). */
export const DEFAULT_FOUR_EYES_THRESHOLD = '1000.00';

export const fourEyesThresholdInput = z
  .object({ amount: amountString({ exactDecimals: 2, example: '1000.00', allowZero: true }) })
  .strict();

/** The USDT total above which a ruling needs a second operator, and when it was last set. */
export async function fourEyesThreshold(db: Executor): Promise<{ amount: string; setAt: string | null }> {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.key, FOUR_EYES_THRESHOLD_KEY));
  const value = row?.value as { amount?: string } | undefined;
  return value?.amount ? { amount: value.amount, setAt: isoMsOrNull(row?.updatedAt) } : { amount: DEFAULT_FOUR_EYES_THRESHOLD, setAt: null };
}

/** Whether a ruling on an order holding `total` USDT must be proposed and approved by another operator. */
export async function needsFourEyes(db: Executor, total: string): Promise<boolean> {
  const { amount } = await fourEyesThreshold(db);
  return new Dec(total).gt(amount);
}

/** Sets the threshold, audited with the old and the new value. */
export async function setFourEyesThreshold(db: Db, raw: { amount: string }, actor: AuditActorRef) {
  const { amount } = parseInput(fourEyesThresholdInput, raw);
  await db.transaction(async (tx) => {
    const before = await fourEyesThreshold(tx);
    const now = new Date();
    await tx
      .insert(platformSettings)
      .values({ key: FOUR_EYES_THRESHOLD_KEY, value: { amount }, updatedAt: now })
      .onConflictDoUpdate({ target: platformSettings.key, set: { value: { amount }, updatedAt: now } });
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip,
      action: 'four_eyes_threshold.set',
      targetType: 'platform_setting',
      targetId: FOUR_EYES_THRESHOLD_KEY,
      details: { from: before.amount, to: amount },
    });
  });
  return fourEyesThreshold(db);
}
