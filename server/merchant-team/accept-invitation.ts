import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchantInvitations, users } from '../../db/schema';
import { recordAudit } from '../audit';
import { DomainError } from '../errors';
import { hashPassword } from '../auth/password';
import { insertUser } from '../users/insert-user';
import { parseInput } from '../validation/parse-input';
import { acceptInvitationInput, type AcceptInvitationInput } from './merchant-team.schema';
import { invitationInvalid, pendingInvitationOf } from './pending-invitation';

/** One Corridor account belongs to one team, so an email that already signs in cannot join another. */
const emailTaken = () =>
  new DomainError('CONFLICT', 'This email already signs in to Corridor, and an account belongs to one team: ask whoever invited you to invite another address.', {
    details: [{ path: 'email', message: 'already has a Corridor account' }],
  });

type AcceptInvitationOptions = AcceptInvitationInput & {
  ip?: string | null;
  now?: Date;
};

/**
 * The invitee opens the link and sets their name and password (the password rules of every
 * dashboard user): a merchant user with the invitation's role is created, and the link is spent.
 *
 * Single use under concurrency: the invitation is spent by one conditional update (still pending,
 * not expired), so of two accepts of one link exactly one gets the row; the other waits for the
 * row lock, finds it spent and gets INVITATION_INVALID, and no second user is made. A link that
 * does not work is refused before any password hashing, so dead links cost the server nothing.
 * An email that already signs in to Corridor cannot join (one account, one team): CONFLICT, and
 * the link stays as it was.
 */
export async function acceptInvitation(db: Db, { ip = null, now = new Date(), ...rawInput }: AcceptInvitationOptions) {
  const input = parseInput(acceptInvitationInput, rawInput);
  const { invitation } = await pendingInvitationOf(db, input.token, now);
  // Inviting never says whether an email has an account (issue-invitation.ts): joining does, to
  // whoever holds the link, before any password is hashed. The link stays pending; the insert
  // below refuses the same way should the account appear in between.
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, invitation.email));
  if (taken) {
    // A second accept of this same link that lost the race finds the user the first one made: for
    // it the link is spent (INVITATION_INVALID), not an email of another team.
    await pendingInvitationOf(db, input.token, now);
    throw emailTaken();
  }
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(merchantInvitations)
      .set({ acceptedAt: now })
      .where(
        and(
          eq(merchantInvitations.id, invitation.id),
          isNull(merchantInvitations.acceptedAt),
          isNull(merchantInvitations.revokedAt),
          gt(merchantInvitations.expiresAt, now),
        ),
      )
      .returning();
    if (!spent) throw invitationInvalid();
    const userId = randomUUID();
    await insertUser(tx, {
      id: userId,
      email: spent.email,
      displayName: input.displayName,
      role: 'merchant',
      merchantId: spent.merchantId,
      merchantRole: spent.merchantRole,
      passwordHash,
    });
    await recordAudit(tx, {
      actorType: 'merchant',
      actorId: userId,
      ip,
      action: 'merchant_team.invitation_accepted',
      targetType: 'user',
      targetId: userId,
      details: { invitationId: spent.id, merchantId: spent.merchantId, email: spent.email, role: spent.merchantRole },
    });
    return { userId, email: spent.email, merchantId: spent.merchantId, role: spent.merchantRole };
  });
}
