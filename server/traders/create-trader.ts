import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { traders } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { hashPassword } from '../auth/password';
import { openTraderAccounts } from '../ledger/open-accounts';
import { insertUser } from '../users/insert-user';
import { parseInput } from '../validation/parse-input';
import { createTraderInput } from './trader.schema';

/** Creates a trader (offline, no quotes yet), the user who signs in for them, and their accounts. */
export async function createTrader(
  db: Db,
  rawInput: z.input<typeof createTraderInput>,
  actor: AuditActorRef,
): Promise<{ traderId: string; userId: string; email: string }> {
  const input = parseInput(createTraderInput, rawInput);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const traderId = randomUUID();
    const userId = randomUUID();
    await tx.insert(traders).values({ id: traderId, name: input.name });
    await insertUser(tx, {
      id: userId,
      email: input.email,
      displayName: input.name,
      role: 'trader',
      traderId,
      passwordHash,
    });
    await openTraderAccounts(tx, traderId);
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip,
      action: 'trader.create',
      targetType: 'trader',
      targetId: traderId,
      details: { email: input.email, name: input.name },
    });
    return { traderId, userId, email: input.email };
  });
}
