import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { auth } from '../../_auth/auth';
import { ChangePasswordForm } from './change-password-form';

export const metadata: Metadata = { title: 'Change password', robots: { index: false } };

export default async function ChangePasswordPage() {
  const session = await auth();
  if (!(session?.user as { id?: string } | undefined)?.id) redirect('/sign-in?next=/account/password');
  return (
    <section className="narrow">
      <h1>Change password</h1>
      <p className="lead">Give your current password, then the new one twice.</p>
      <ChangePasswordForm />
    </section>
  );
}
