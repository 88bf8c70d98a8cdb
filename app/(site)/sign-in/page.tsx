import type { Metadata } from 'next';
import { SignInForm } from './sign-in-form';

export const metadata: Metadata = { title: 'Sign in', robots: { index: false } };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string; password?: string }> }) {
  const { next, password } = await searchParams;
  return (
    <section className="narrow">
      <h1>Sign in</h1>
      <p className="lead">
        Traders, operators and merchant teams sign in here. Operators, merchant owners and developers also give the code from their
        authenticator app.
      </p>
      {password === 'changed' ? (
        <p role="status" className="form-success">
          Your password is changed and every session has ended. Sign in with the new password.
        </p>
      ) : null}
      <SignInForm next={next && next.startsWith('/') && !next.startsWith('//') ? next : '/account'} />
    </section>
  );
}
