import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userRecoveryCodes, users } from '../../db/schema';
import { actorTypeOfRole, recordAudit } from '../audit';
import { DomainError } from '../errors';
import { newRecoveryCode, recoveryCodeHash, RECOVERY_CODE_COUNT } from './recovery-code-format';

/**
 * A new set of one-time recovery codes for a user with a second factor, replacing every earlier
 * code (used or not). The codes are returned once, to be shown once; only their hashes are
 * stored. Audited (the codes never are).
 */
export async function regenerateRecoveryCodes(db: Db, options: { userId: string; ip?: string | null }): Promise<{ codes: string[] }> {
  return db.transaction(async (tx) => {
    // Lock the user row, so two regenerations at once leave one set, not a mix of both.
    const [user] = await tx.select({ id: users.id, role: users.role, totpEnabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, options.userId)).for('update');
    if (!user) throw new DomainError('NOT_FOUND', 'No such user.');
    if (!user.totpEnabledAt) throw new DomainError('CONFLICT', 'Enrol an authenticator app first: recovery codes stand in for its codes.');
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => newRecoveryCode());
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.id));
    await tx.insert(userRecoveryCodes).values(codes.map((code) => ({ userId: user.id, codeHash: recoveryCodeHash(code) })));
    await recordAudit(tx, {
      actorType: actorTypeOfRole(user.role),
      actorId: user.id,
      action: 'auth.recovery_codes_generated',
      targetType: 'user',
      targetId: user.id,
      ip: options.ip ?? null,
      details: { count: codes.length },
    });
    return { codes };
  });
}
