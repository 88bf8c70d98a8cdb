import { env } from '../../config/env';
import { randomToken, sha256Hex } from '../crypto/tokens';

/** How long an invitation link works (docs/merchant-guide.md, "Invitations"). */
export const INVITATION_TTL_HOURS = 72;

/**
 * A fresh invitation token: 32 random bytes. Only its SHA-256 is stored (docs/security.md,
 * "Merchant users"), so a copy of the database cannot be used to join a team.
 */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomToken(32);
  return { token, tokenHash: invitationTokenHash(token) };
}

export const invitationTokenHash = (token: string) => sha256Hex(token);

/** The link the inviter hands on; the token rides in the path and pages send no Referer. */
export function invitationLink(token: string): string {
  return new URL(`/merchant/invitation/${token}`, env().PUBLIC_BASE_URL).toString();
}
