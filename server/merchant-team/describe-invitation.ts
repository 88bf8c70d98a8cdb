import type { Db } from '../../db/client';
import { parseInput } from '../validation/parse-input';
import { describeInvitationInput, type DescribeInvitationInput } from './merchant-team.schema';
import { pendingInvitationOf } from './pending-invitation';

/**
 * What the invitation page shows before the invitee chooses a password: which merchant, which
 * role, for which email, until when. INVITATION_INVALID for a link that no longer works.
 */
export async function describeInvitation(db: Db, rawInput: DescribeInvitationInput, now = new Date()) {
  const input = parseInput(describeInvitationInput, rawInput);
  const { invitation, merchantName } = await pendingInvitationOf(db, input.token, now);
  return { merchantName, email: invitation.email, role: invitation.merchantRole, expiresAt: invitation.expiresAt.toISOString() };
}
