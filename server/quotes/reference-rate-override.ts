import { eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { platformSettings } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { isoMsOrNull } from '../money/format';
import { price4 } from '../traders/trader.schema';
import { parseInput } from '../validation/parse-input';
import { quotesMedianRate, REFERENCE_RATE_OVERRIDE } from './reference-rate';

/** The override (if any) and the medians of the traders' quotes it replaces. */
export async function referenceRateStatus(db: Executor) {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.key, REFERENCE_RATE_OVERRIDE));
  const value = row?.value as { rate?: string } | undefined;
  return {
    override: value?.rate ? { rate: value.rate, setAt: isoMsOrNull(row?.updatedAt) } : null,
    quotesMedian: { BUY: await quotesMedianRate(db, 'BUY'), SELL: await quotesMedianRate(db, 'SELL') },
  };
}

/** Sets the reference rate by hand (CNY per USDT, 4 decimals) for both flows, audited. */
export async function setReferenceRateOverride(db: Db, rate: string, actor: AuditActorRef) {
  const parsed = parseInput(price4, rate);
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .insert(platformSettings)
      .values({ key: REFERENCE_RATE_OVERRIDE, value: { rate: parsed }, updatedAt: now })
      .onConflictDoUpdate({ target: platformSettings.key, set: { value: { rate: parsed }, updatedAt: now } });
    await recordAudit(tx, { actorType: actor.type, actorId: actor.id, ip: actor.ip, action: 'reference_rate.set', targetType: 'platform_setting', targetId: REFERENCE_RATE_OVERRIDE, details: { rate: parsed } });
  });
  return referenceRateStatus(db);
}

/** Goes back to the median of the traders' quotes, audited. */
export async function clearReferenceRateOverride(db: Db, actor: AuditActorRef) {
  await db.transaction(async (tx) => {
    const removed = await tx.delete(platformSettings).where(eq(platformSettings.key, REFERENCE_RATE_OVERRIDE)).returning();
    await recordAudit(tx, { actorType: actor.type, actorId: actor.id, ip: actor.ip, action: 'reference_rate.clear', targetType: 'platform_setting', targetId: REFERENCE_RATE_OVERRIDE, details: { had: removed.length > 0 } });
  });
  return referenceRateStatus(db);
}
