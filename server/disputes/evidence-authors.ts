import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { disputeEvidence, merchants, traders, users } from '../../db/schema';
import type { EvidenceItemView } from './dispute-evidence.schema';

export interface EvidenceAuthorship {
  /** The merchant's, trader's or operator's name; null for the buyer (a checkout has no name). */
  authorName: string | null;
  /** An operator's internal note: operators only. */
  internal: boolean;
  /** The evidence request this answers, if any. */
  requestId: string | null;
}

/** Who added each evidence item, for the operator's case timeline. */
export async function withAuthorship<T extends EvidenceItemView>(db: Executor, items: T[]): Promise<(T & EvidenceAuthorship)[]> {
  if (items.length === 0) return [];
  const rows = await db
    .select({ id: disputeEvidence.id, authorId: disputeEvidence.authorId, internal: disputeEvidence.internal, requestId: disputeEvidence.requestId })
    .from(disputeEvidence)
    .where(
      inArray(
        disputeEvidence.id,
        items.map((item) => item.id),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const uuid = /^[0-9a-f-]{36}$/i;
  const authorOf = (item: EvidenceItemView) => byId.get(item.id)?.authorId ?? '';
  const idsOf = (party: string) => [...new Set(items.filter((item) => item.party === party).map(authorOf))].filter((id) => uuid.test(id));
  const names = new Map<string, string>();
  const merchantIds = idsOf('merchant');
  const traderIds = idsOf('trader');
  const operatorIds = idsOf('operator');
  if (merchantIds.length) for (const row of await db.select({ id: merchants.id, name: merchants.name }).from(merchants).where(inArray(merchants.id, merchantIds))) names.set(row.id, row.name);
  if (traderIds.length) for (const row of await db.select({ id: traders.id, name: traders.name }).from(traders).where(inArray(traders.id, traderIds))) names.set(row.id, row.name);
  if (operatorIds.length) for (const row of await db.select({ id: users.id, name: users.displayName }).from(users).where(inArray(users.id, operatorIds))) names.set(row.id, row.name);
  return items.map((item) => {
    const row = byId.get(item.id);
    return {
      ...item,
      authorName: item.party === 'buyer' || !row?.authorId ? null : (names.get(row.authorId) ?? null),
      internal: row?.internal ?? false,
      requestId: row?.requestId ?? null,
    };
  });
}
