import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { recordAudit } from '../audit';
import { endSessionsOfUser } from '../auth/session-version';
import { parseInput } from '../validation/parse-input';
import { auditedAs, lockTeamAs, type MerchantActor } from './merchant-actor';
import { removeMerchantUserInput, type RemoveMerchantUserInput } from './merchant-team.schema';
import { keepAnOwner, teamMemberOf } from './team-member';

/**
 * An owner removes a member from the team: the user is suspended (they can no longer sign in,
 * and the audit log keeps naming them) and every session of theirs ends at its next request. The
 * last active owner cannot be removed (LAST_OWNER).
 */
export async function removeMerchantUser(db: Db, rawInput: RemoveMerchantUserInput, actor: MerchantActor) {
  const input = parseInput(removeMerchantUserInput, rawInput);
  return db.transaction(async (tx) => {
    await lockTeamAs(tx, actor);
    const member = await teamMemberOf(tx, actor.merchantId, input.userId);
    if (member.merchantRole === 'owner') await keepAnOwner(tx, { merchantId: actor.merchantId, leavingUserId: member.id, what: 'removed' });
    await tx.update(users).set({ status: 'suspended', updatedAt: sql`now()` }).where(eq(users.id, member.id));
    await endSessionsOfUser(tx, member.id);
    await recordAudit(tx, {
      ...auditedAs(actor),
      action: 'merchant_team.user_removed',
      targetType: 'user',
      targetId: member.id,
      details: { merchantId: actor.merchantId, email: member.email, role: member.merchantRole },
    });
    return { userId: member.id, removed: true };
  });
}
