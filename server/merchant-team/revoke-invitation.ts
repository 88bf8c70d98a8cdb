import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchantInvitations } from '../../db/schema';
import { recordAudit } from '../audit';
import { DomainError } from '../errors';
import { parseInput } from '../validation/parse-input';
import { auditedAs, lockTeamAs, type MerchantActor } from './merchant-actor';
import { revokeInvitationInput, type RevokeInvitationInput } from './merchant-team.schema';

type RevokeInvitationOptions = RevokeInvitationInput & {
  actor: MerchantActor;
  now?: Date;
};

/** An owner takes back a pending invitation: its link stops working at once. */
export async function revokeInvitation(db: Db, { actor, now = new Date(), ...rawInput }: RevokeInvitationOptions) {
  const input = parseInput(revokeInvitationInput, rawInput);
  return db.transaction(async (tx) => {
    await lockTeamAs(tx, actor);
    const [invitation] = await tx
      .select()
      .from(merchantInvitations)
      .where(and(eq(merchantInvitations.id, input.invitationId), eq(merchantInvitations.merchantId, actor.merchantId)))
      .for('update');
    if (!invitation) throw new DomainError('NOT_FOUND', 'No such invitation for this team.');
    if (invitation.acceptedAt || invitation.revokedAt || invitation.expiresAt <= now) {
      throw new DomainError('CONFLICT', 'This invitation is no longer pending: it was accepted, revoked, or has expired.');
    }
    await tx.update(merchantInvitations).set({ revokedAt: now }).where(eq(merchantInvitations.id, invitation.id));
    await recordAudit(tx, {
      ...auditedAs(actor),
      action: 'merchant_team.invitation_revoked',
      targetType: 'merchant',
      targetId: actor.merchantId,
      details: { invitationId: invitation.id, email: invitation.email, role: invitation.merchantRole },
    });
    return { invitationId: invitation.id, revoked: true };
  });
}
