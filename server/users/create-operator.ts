import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { hashPassword } from '../auth/password';
import { parseInput } from '../validation/parse-input';
import { insertUser } from './insert-user';
import { password } from '../auth/password-input';
import { displayName, email } from './user.schema';

export const createOperatorInput = z.object({ email, password, displayName }).strict();

/** Creates an operator account. TOTP enrolment happens at the first sign-in. */
export async function createOperator(
  db: Db,
  rawInput: z.input<typeof createOperatorInput>,
  actor: AuditActorRef,
): Promise<{ userId: string; email: string }> {
  const input = parseInput(createOperatorInput, rawInput);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const userId = randomUUID();
    await insertUser(tx, {
      id: userId,
      email: input.email,
      displayName: input.displayName,
      role: 'operator',
      passwordHash,
    } satisfies typeof users.$inferInsert);
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip,
      action: 'operator.create',
      targetType: 'user',
      targetId: userId,
      details: { email: input.email },
    });
    return { userId, email: input.email };
  });
}
