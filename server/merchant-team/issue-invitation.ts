import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { merchantInvitations, type MerchantRole } from '../../db/schema';
import { INVITATION_TTL_HOURS, invitationLink, newInvitationToken } from './invitation-token';

export interface IssuedInvitation {
  invitationId: string;
  email: string;
  role: MerchantRole;
  /** The one-time link: shown once to whoever invited, never stored or logged. */
  link: string;
  expiresAt: string;
  /** Pending invitations of the same email to this merchant, revoked by this one. */
  replaced: string[];
}

/**
 * Issues an invitation inside the caller's transaction (which holds the team lock): revokes any
 * pending invitation of the same email to the same merchant (the newest link is the only one that
 * works) and stores only the token's hash. Every well-formed email gets the same answer, whether or
 * not it already signs in to Corridor: refusing a taken one would tell any owner which addresses
 * have accounts (a trader's, an operator's, another merchant's). Accepting decides
 * (accept-invitation.ts).
 */
export async function issueInvitation(
  tx: Tx,
  input: { merchantId: string; email: string; role: MerchantRole; invitedBy: string | null },
  now: Date,
): Promise<IssuedInvitation> {
  const replaced = await tx
    .update(merchantInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(merchantInvitations.merchantId, input.merchantId),
        eq(merchantInvitations.email, input.email),
        isNull(merchantInvitations.acceptedAt),
        isNull(merchantInvitations.revokedAt),
        gt(merchantInvitations.expiresAt, now),
      ),
    )
    .returning({ id: merchantInvitations.id });
  const { token, tokenHash } = newInvitationToken();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_HOURS * 3_600_000);
  const [row] = await tx
    .insert(merchantInvitations)
    .values({ merchantId: input.merchantId, email: input.email, merchantRole: input.role, tokenHash, invitedBy: input.invitedBy, expiresAt, createdAt: now })
    .returning({ id: merchantInvitations.id });
  if (!row) throw new Error('the invitation insert returned no row');
  return { invitationId: row.id, email: input.email, role: input.role, link: invitationLink(token), expiresAt: expiresAt.toISOString(), replaced: replaced.map((r) => r.id) };
}
