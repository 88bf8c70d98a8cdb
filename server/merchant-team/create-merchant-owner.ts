import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { DomainError } from '../errors';
import { parseInput } from '../validation/parse-input';
import { issueInvitation, type IssuedInvitation } from './issue-invitation';
import { lockTeam } from './merchant-actor';
import { createMerchantOwnerInput, type CreateMerchantOwnerInput } from './merchant-team.schema';

type CreateMerchantOwnerOptions = CreateMerchantOwnerInput & {
  actor: AuditActorRef;
  now?: Date;
};

/**
 * An operator (console or command line) starts a merchant's team: an invitation, as owner, for
 * the given email. The link is returned once; whoever opens it sets their own name and password,
 * so the operator never knows the owner's password. Refused while the merchant has an active
 * owner: from then on the owners run the team themselves.
 */
export async function createMerchantOwner(
  db: Db,
  { actor, now = new Date(), ...rawInput }: CreateMerchantOwnerOptions,
): Promise<IssuedInvitation & { merchantId: string; merchantName: string }> {
  const input = parseInput(createMerchantOwnerInput, rawInput);
  return db.transaction(async (tx) => {
    const merchant = await lockTeam(tx, input.merchantId);
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.merchantId, merchant.id), eq(users.merchantRole, 'owner'), eq(users.status, 'active')))
      .limit(1);
    if (owner) throw new DomainError('CONFLICT', `${merchant.name} already has an owner; its owners invite the rest of the team.`);
    const invitation = await issueInvitation(tx, { merchantId: merchant.id, email: input.email, role: 'owner', invitedBy: actor.type === 'operator' ? (actor.id ?? null) : null }, now);
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip,
      action: 'merchant_team.owner_invited',
      targetType: 'merchant',
      targetId: merchant.id,
      details: { invitationId: invitation.invitationId, email: invitation.email, role: 'owner', replaced: invitation.replaced },
    });
    return { ...invitation, merchantId: merchant.id, merchantName: merchant.name };
  });
}
