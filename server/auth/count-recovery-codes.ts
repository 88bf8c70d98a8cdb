import { and, count, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { userRecoveryCodes } from '../../db/schema';

/** How many unused recovery codes a user has left (the console warns when few are). */
export async function countRecoveryCodes(db: Executor, options: { userId: string }): Promise<{ remaining: number }> {
  const [row] = await db
    .select({ remaining: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, options.userId), isNull(userRecoveryCodes.usedAt)));
  return { remaining: Number(row?.remaining ?? 0) };
}
