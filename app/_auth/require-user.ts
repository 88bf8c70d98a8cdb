import { redirect } from 'next/navigation';
import { auth } from './auth';

export interface PageUser {
  id: string;
  name: string;
  email: string;
  role: 'trader' | 'operator' | 'merchant';
  traderId: string | null;
  totpEnrolled: boolean;
}

/**
 * For server components of the dashboards: the signed-in user of the given role, or a redirect to
 * sign in (no page of either dashboard renders without a session). auth() checks the session
 * against the database, so a session ended by a suspension or a password change redirects too
 * (docs/security.md). Operators without a second factor are sent to enrol first.
 */
export async function requireUser(role: 'trader' | 'operator', from: string): Promise<PageUser> {
  const session = await auth();
  const user = session?.user as Partial<PageUser> | undefined;
  if (!user?.id) redirect(`/sign-in?next=${encodeURIComponent(from)}`);
  if (user.role !== role) redirect('/account');
  if (role === 'operator' && !user.totpEnrolled && from !== '/operator/enrol') redirect('/operator/enrol');
  return user as PageUser;
}
