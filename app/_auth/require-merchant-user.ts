import { redirect } from 'next/navigation';
import type { MerchantRole } from '../../db/schema';
import { hasMerchantPermission, totpRequiredFor, type MerchantPermission } from '../../server/merchant-team/merchant-permissions';
import { auth } from './auth';

export interface MerchantPageUser {
  id: string;
  name: string;
  email: string;
  merchantId: string;
  merchantRole: MerchantRole;
  totpEnrolled: boolean;
}

/**
 * For server components of the merchant console: the signed-in merchant user, or a redirect. No
 * session (or one that has ended): to sign in. A trader's or operator's session: to their own
 * home, never this console. An owner or developer without a second factor: to the enrolment,
 * the only page open to them. A role without `permission` (the table the procedures use): to the
 * overview. The merchant and role come from the database on every request (session-user.ts).
 */
export async function requireMerchantUser(from: string, permission?: MerchantPermission): Promise<MerchantPageUser> {
  const session = await auth();
  const user = session?.user;
  if (!user?.id) redirect(`/sign-in?next=${encodeURIComponent(from)}`);
  if (user.role !== 'merchant' || !user.merchantId || !user.merchantRole) redirect('/account');
  if (totpRequiredFor(user.merchantRole) && !user.totpEnrolled && from !== '/merchant/enrol') redirect('/merchant/enrol');
  if (permission && !hasMerchantPermission(user.merchantRole, permission)) redirect('/merchant');
  return {
    id: user.id,
    name: user.name ?? '',
    email: user.email ?? '',
    merchantId: user.merchantId,
    merchantRole: user.merchantRole,
    totpEnrolled: user.totpEnrolled,
  };
}
