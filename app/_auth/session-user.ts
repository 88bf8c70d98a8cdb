import type { Db } from '../../db/client';
import type { MerchantRole } from '../../db/schema';
import { liveSessionUser } from '../../server/auth/live-session';

/** The signed-in user as every procedure and page sees it. */
export interface SessionUser {
  id: string;
  role: string;
  traderId: string | null;
  /** Merchant users only: read from the database on every request, never from the cookie. */
  merchantId: string | null;
  merchantRole: MerchantRole | null;
  totpEnrolled: boolean;
  /** The users.session_version the session was signed in at. */
  sessionVersion: number;
}

/** What the session cookie says (signed, so not forged, but possibly stale). */
export interface SessionClaims {
  id?: string;
  role?: string;
  traderId?: string | null;
  totpEnrolled?: boolean;
  sessionVersion?: unknown;
}

/**
 * The check of every authenticated request (docs/security.md): the cookie's user only while the
 * database still says the user and their trader are active and the session version is current,
 * and the role and trader are still the ones signed in with. Null means "not signed in".
 */
export async function checkedSessionUser(db: Db, claims: SessionClaims | null | undefined): Promise<SessionUser | null> {
  if (!claims?.id || typeof claims.sessionVersion !== 'number') return null;
  const live = await liveSessionUser(db, { userId: claims.id, sessionVersion: claims.sessionVersion });
  if (!live || live.role !== claims.role || live.traderId !== (claims.traderId ?? null)) return null;
  return { id: live.id, role: live.role, traderId: live.traderId, merchantId: live.merchantId, merchantRole: live.merchantRole, totpEnrolled: Boolean(claims.totpEnrolled), sessionVersion: live.sessionVersion };
}
