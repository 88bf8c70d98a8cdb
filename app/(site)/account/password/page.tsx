import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { auth } from '../../../_auth/auth';
import { SignOutEverywhereForm } from '../sign-out-everywhere-form';
import { ChangePasswordForm } from './change-password-form';

export const metadata: Metadata = { title: 'Password and sessions', robots: { index: false } };

export default async function ChangePasswordPage() {
  // auth() is null too for a session that has ended (docs/security.md).
  if (!(await auth())) redirect('/sign-in?next=/account/password');
  return (
    <section className="narrow">
      <h1>Change password</h1>
      <p className="lead">Give your current password, then the new one twice. Changing it ends every session of yours, this one included: you sign in again with the new password.</p>
      <ChangePasswordForm />
      <h2>Sessions</h2>
      <SignOutEverywhereForm />
    </section>
  );
}
