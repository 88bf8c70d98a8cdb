import type { Db } from '../../db/client';
import { recordAudit } from '../audit';
import { parseInput } from '../validation/parse-input';
import { issueInvitation, type IssuedInvitation } from './issue-invitation';
import { auditedAs, lockTeamAs, type MerchantActor } from './merchant-actor';
import { inviteMerchantUserInput, type InviteMerchantUserInput } from './merchant-team.schema';

type InviteMerchantUserOptions = InviteMerchantUserInput & {
  actor: MerchantActor;
  now?: Date;
};

/**
 * An owner invites someone to the team with a role. The one-time link is returned once (no mail
 * is sent: the owner hands it on); inviting an email again revokes its older pending link.
 */
export async function inviteMerchantUser(db: Db, { actor, now = new Date(), ...rawInput }: InviteMerchantUserOptions): Promise<IssuedInvitation> {
  const input = parseInput(inviteMerchantUserInput, rawInput);
  return db.transaction(async (tx) => {
    await lockTeamAs(tx, actor);
    const invitation = await issueInvitation(tx, { merchantId: actor.merchantId, email: input.email, role: input.role, invitedBy: actor.userId }, now);
    await recordAudit(tx, {
      ...auditedAs(actor),
      action: 'merchant_team.user_invited',
      targetType: 'merchant',
      targetId: actor.merchantId,
      details: { invitationId: invitation.invitationId, email: invitation.email, role: invitation.role, replaced: invitation.replaced },
    });
    return invitation;
  });
}
