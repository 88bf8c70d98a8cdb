import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { recordAudit } from '../audit';
import { parseInput } from '../validation/parse-input';
import { auditedAs, lockTeamAs, type MerchantActor } from './merchant-actor';
import { changeMerchantRoleInput, type ChangeMerchantRoleInput } from './merchant-team.schema';
import { keepAnOwner, teamMemberOf } from './team-member';

/**
 * An owner gives a team member another role. The new role's permissions apply from the member's
 * next request (sessions read the role from the database, never from the cookie); a member moved
 * to owner or developer without a second factor must enrol one before anything else. The last
 * active owner cannot be demoted (LAST_OWNER).
 */
export async function changeMerchantRole(db: Db, rawInput: ChangeMerchantRoleInput, actor: MerchantActor) {
  const input = parseInput(changeMerchantRoleInput, rawInput);
  return db.transaction(async (tx) => {
    await lockTeamAs(tx, actor);
    const member = await teamMemberOf(tx, actor.merchantId, input.userId);
    if (member.merchantRole === input.role) return { userId: member.id, role: member.merchantRole, changed: false };
    if (member.merchantRole === 'owner') await keepAnOwner(tx, { merchantId: actor.merchantId, leavingUserId: member.id, what: 'demoted' });
    await tx.update(users).set({ merchantRole: input.role, updatedAt: sql`now()` }).where(eq(users.id, member.id));
    await recordAudit(tx, {
      ...auditedAs(actor),
      action: 'merchant_team.role_changed',
      targetType: 'user',
      targetId: member.id,
      details: { merchantId: actor.merchantId, email: member.email, from: member.merchantRole, to: input.role },
    });
    return { userId: member.id, role: input.role, changed: true };
  });
}
