import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { merchantInvitations, merchants } from '../../db/schema';
import { DomainError } from '../errors';
import { invitationTokenHash } from './invitation-token';

/** One answer for every link that does not work, so a link tells nothing about why. */
export const invitationInvalid = () =>
  new DomainError('INVITATION_INVALID', 'This invitation link does not work: it was used, revoked or replaced by a newer one, or it has expired. Ask for a new one.');

/** A still-pending invitation found by its token (only the hash is compared), with its merchant's name. */
export async function pendingInvitationOf(db: Executor, token: string, now: Date) {
  const [row] = await db
    .select({ invitation: merchantInvitations, merchantName: merchants.name })
    .from(merchantInvitations)
    .innerJoin(merchants, eq(merchants.id, merchantInvitations.merchantId))
    .where(
      and(
        eq(merchantInvitations.tokenHash, invitationTokenHash(token)),
        isNull(merchantInvitations.acceptedAt),
        isNull(merchantInvitations.revokedAt),
        gt(merchantInvitations.expiresAt, now),
      ),
    );
  if (!row) throw invitationInvalid();
  return row;
}
