import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { userRecoveryCodes } from '../../db/schema';
import { recoveryCodeHash } from './recovery-code-format';

/**
 * Spends one recovery code at sign-in, in place of a TOTP code. The check and the spending are one
 * conditional UPDATE: of two sign-ins racing with one code, exactly one gets the row back.
 */
export async function redeemRecoveryCode(db: Executor, options: { userId: string; code: string; now?: Date }): Promise<boolean> {
  const spent = await db
    .update(userRecoveryCodes)
    .set({ usedAt: options.now ?? new Date() })
    .where(and(eq(userRecoveryCodes.userId, options.userId), eq(userRecoveryCodes.codeHash, recoveryCodeHash(options.code)), isNull(userRecoveryCodes.usedAt)))
    .returning({ id: userRecoveryCodes.id });
  return spent.length === 1;
}
