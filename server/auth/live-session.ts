import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchants, traders, users, type MerchantRole, type UserRole } from '../../db/schema';

/** What a session cookie claims: who signed in, and the session version they signed in at. */
export interface SessionClaims {
  userId: string;
  sessionVersion: number;
}

/** The signed-in user as the database says now, for a session that is still good. */
export interface LiveSessionUser {
  id: string;
  role: UserRole;
  traderId: string | null;
  /** For merchant users: their merchant and role, read on every request so a role change applies at once. */
  merchantId: string | null;
  merchantRole: MerchantRole | null;
  totpEnrolled: boolean;
  sessionVersion: number;
}

/**
 * Whether a session may still act, checked on every authenticated request (docs/security.md):
 * the user must exist and be active, their trader (for traders) or merchant (for merchant users)
 * must be active, and the session's version must be the user's current one. One query by primary
 * key, joined to the trader and the merchant. Role,
 * trader, merchant role and second-factor state come from the row, never from the cookie. Null: refuse.
 */
export async function liveSessionUser(db: Db, claims: SessionClaims): Promise<LiveSessionUser | null> {
  if (!claims.userId || !Number.isInteger(claims.sessionVersion)) return null;
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      status: users.status,
      traderId: users.traderId,
      merchantId: users.merchantId,
      merchantRole: users.merchantRole,
      traderStatus: traders.status,
      merchantStatus: merchants.status,
      totpEnabledAt: users.totpEnabledAt,
      sessionVersion: users.sessionVersion,
    })
    .from(users)
    .leftJoin(traders, eq(traders.id, users.traderId))
    .leftJoin(merchants, eq(merchants.id, users.merchantId))
    .where(eq(users.id, claims.userId));
  if (!row || row.status !== 'active' || row.sessionVersion !== claims.sessionVersion) return null;
  if (row.traderId !== null && row.traderStatus !== 'active') return null;
  if (row.merchantId !== null && row.merchantStatus !== 'active') return null;
  return {
    id: row.id,
    role: row.role,
    traderId: row.traderId,
    merchantId: row.merchantId,
    merchantRole: row.merchantRole,
    totpEnrolled: Boolean(row.totpEnabledAt),
    sessionVersion: row.sessionVersion,
  };
}
