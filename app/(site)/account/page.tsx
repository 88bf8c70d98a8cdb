import { redirect } from 'next/navigation';
import { auth } from '../../_auth/auth';

/** Where a sign-in lands: each role's home. */
export default async function AccountPage() {
  const session = await auth();
  const user = session?.user as { role?: string; totpEnrolled?: boolean } | undefined;
  if (!user?.role) redirect('/sign-in');
  if (user.role === 'trader') redirect('/trader');
  if (user.role === 'operator') redirect(user.totpEnrolled ? '/operator' : '/operator/enrol');
  // The merchant console sends an owner or developer without a second factor on to enrol.
  if (user.role === 'merchant') redirect('/merchant');
  redirect('/');
}
