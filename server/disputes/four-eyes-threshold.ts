import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor, Tx } from '../../db/client';
import { platformSettings } from '../../db/schema';
import { amountString } from '../money/amount-strings';
import { Dec } from '../money/decimal';
import { isoMsOrNull } from '../money/format';

export const FOUR_EYES_THRESHOLD_KEY = 'dispute_four_eyes_threshold';

/** Until a change sets one (docs/operator-guide.md, "Four eyes"). */
const DEFAULT_FOUR_EYES_THRESHOLD = '1000.00';

/** The threshold's value as a control change carries it (server/controls). */
export const fourEyesThresholdValue = z
  .object({ amount: amountString({ exactDecimals: 2, example: '1000.00', allowZero: true }) })
  .strict();
export type FourEyesThresholdValue = z.output<typeof fourEyesThresholdValue>;

/** The USDT total above which a ruling needs a second operator, and when it was last set. */
export async function fourEyesThreshold(db: Executor): Promise<{ amount: string; setAt: string | null }> {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.key, FOUR_EYES_THRESHOLD_KEY));
  const value = row?.value as { amount?: string } | undefined;
  return value?.amount ? { amount: value.amount, setAt: isoMsOrNull(row?.updatedAt) } : { amount: DEFAULT_FOUR_EYES_THRESHOLD, setAt: null };
}

/** Whether a ruling on an order holding `total` USDT, under `threshold`, must be approved by another operator. */
export function needsFourEyes(total: string, threshold: string): boolean {
  return new Dec(total).gt(threshold);
}

/**
 * Writes the threshold inside the caller's transaction. Only the control changes call it
 * (server/controls): an approved change, or the command line with a recorded reason.
 */
export async function writeFourEyesThreshold(tx: Tx, value: FourEyesThresholdValue, now: Date): Promise<void> {
  await tx
    .insert(platformSettings)
    .values({ key: FOUR_EYES_THRESHOLD_KEY, value: { amount: value.amount }, updatedAt: now })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value: { amount: value.amount }, updatedAt: now } });
}
