import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Executor, Tx } from '../../db/client';
import { platformSettings } from '../../db/schema';
import { cliActor, recordAudit } from '../audit';
import { DomainError } from '../errors';
import { parseInput } from '../validation/parse-input';

export const DISPUTE_DEADLINES_KEY = 'dispute_deadlines';

const hours = z.number().int().min(1).max(7 * 24);

/**
 * How long each party of a dispute has to answer, how long an operator has to rule, and how long an
 * automatic ruling waits for an operator to stop it (docs/operator-guide.md, "Deadlines" and
 * "Automatic rulings"). `autoRulings: false` turns the rules off; deadlines still run.
 */
const disputeDeadlineSettings = z
  .object({
    traderHours: hours,
    merchantHours: hours,
    buyerHours: hours,
    operatorHours: hours,
    autoRulingWindowMinutes: z.number().int().min(1).max(24 * 60),
    autoRulings: z.boolean(),
  })
  .strict();
export type DisputeDeadlineSettings = z.output<typeof disputeDeadlineSettings>;

/** Until a setting is written: the trader 4 h, the merchant 24 h, the buyer 4 h, the operator 24 h, a 30 min stop window. */
export const defaultDisputeDeadlineSettings: DisputeDeadlineSettings = {
  traderHours: 4,
  merchantHours: 24,
  buyerHours: 4,
  operatorHours: 24,
  autoRulingWindowMinutes: 30,
  autoRulings: true,
};

/** The settings in effect: a stored value over the defaults, each field falling back on its own. */
export async function disputeDeadlineSettingsOf(db: Executor): Promise<DisputeDeadlineSettings> {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.key, DISPUTE_DEADLINES_KEY));
  const parsed = disputeDeadlineSettings.partial().safeParse(row?.value ?? {});
  return { ...defaultDisputeDeadlineSettings, ...(parsed.success ? parsed.data : {}) };
}

/** Stores the settings inside the caller's transaction; deadlines already written keep their due time. */
export async function writeDisputeDeadlineSettings(tx: Tx, value: DisputeDeadlineSettings, now: Date): Promise<void> {
  const checked = disputeDeadlineSettings.parse(value);
  await tx
    .insert(platformSettings)
    .values({ key: DISPUTE_DEADLINES_KEY, value: checked, updatedAt: now })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value: checked, updatedAt: now } });
}

/** The hours a party has to answer under the settings. */
export function partyHours(settings: DisputeDeadlineSettings, party: 'trader' | 'merchant' | 'buyer' | 'operator'): number {
  return { trader: settings.traderHours, merchant: settings.merchantHours, buyer: settings.buyerHours, operator: settings.operatorHours }[party];
}

type SetDisputeDeadlineSettingsOptions = Partial<DisputeDeadlineSettings> & {
  reason: string;
  now?: Date;
};

/**
 * Changes the settings from the command line with a recorded reason (docs/operator-guide.md,
 * "Deadlines"): the fields given over the ones in effect, checked as a whole, stored and audited
 * (old and new value, the reason) in one transaction. A bad value is VALIDATION_FAILED with its field.
 */
export async function setDisputeDeadlineSettings(db: Db, { reason, now = new Date(), ...change }: SetDisputeDeadlineSettingsOptions): Promise<DisputeDeadlineSettings> {
  const why = reason.trim();
  if (why === '') throw new DomainError('VALIDATION_FAILED', 'A reason is required.', { details: [{ path: 'reason', message: 'is required' }] });
  return db.transaction(async (tx) => {
    const before = await disputeDeadlineSettingsOf(tx);
    const after = parseInput(disputeDeadlineSettings, { ...before, ...change });
    await writeDisputeDeadlineSettings(tx, after, now);
    await recordAudit(tx, { actorType: cliActor.type, actorId: cliActor.id, action: 'dispute_deadlines.set', targetType: 'platform_setting', targetId: DISPUTE_DEADLINES_KEY, details: { from: before, to: after, reason: why } });
    return after;
  });
}
