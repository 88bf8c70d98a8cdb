import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { merchantInvitations, users, type MerchantRole } from '../../db/schema';
import { isoMs } from '../money/format';

const inviter = alias(users, 'inviter');

/**
 * A merchant's team as its console shows it: the users (removed ones too, marked, since the audit
 * log keeps naming them) and the invitations still pending. Never a password hash, TOTP secret or
 * token: only whether a second factor is enrolled.
 */
export async function listMerchantTeam(db: Db, input: { merchantId: string }, now = new Date()) {
  const members = await db
    .select({
      userId: users.id,
      name: users.displayName,
      email: users.email,
      role: users.merchantRole,
      status: users.status,
      totpEnabledAt: users.totpEnabledAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(and(eq(users.merchantId, input.merchantId), eq(users.role, 'merchant')))
    .orderBy(asc(users.createdAt), asc(users.id));
  const invitations = await db
    .select({
      invitationId: merchantInvitations.id,
      email: merchantInvitations.email,
      role: merchantInvitations.merchantRole,
      invitedBy: inviter.displayName,
      createdAt: merchantInvitations.createdAt,
      expiresAt: merchantInvitations.expiresAt,
    })
    .from(merchantInvitations)
    .leftJoin(inviter, eq(inviter.id, merchantInvitations.invitedBy))
    .where(
      and(
        eq(merchantInvitations.merchantId, input.merchantId),
        isNull(merchantInvitations.acceptedAt),
        isNull(merchantInvitations.revokedAt),
        gt(merchantInvitations.expiresAt, now),
      ),
    )
    .orderBy(asc(merchantInvitations.createdAt), asc(merchantInvitations.id));
  return {
    users: members.map((m) => ({
      userId: m.userId,
      name: m.name,
      email: m.email,
      // Never null for a merchant user (users_merchant_role_check).
      role: m.role as MerchantRole,
      status: m.status === 'active' ? ('active' as const) : ('removed' as const),
      totpEnabled: m.totpEnabledAt !== null,
      joinedAt: isoMs(m.createdAt),
    })),
    invitations: invitations.map((i) => ({
      invitationId: i.invitationId,
      email: i.email,
      role: i.role,
      // An operator's or the command line's invitation of the first owner.
      invitedBy: i.invitedBy ?? null,
      createdAt: isoMs(i.createdAt),
      expiresAt: isoMs(i.expiresAt),
    })),
  };
}
