'use server';

import { AuthError, CredentialsSignin } from 'next-auth';
import { redirect } from 'next/navigation';
import { signIn, signOut } from '../../_auth/auth';

export interface SignInState {
  code?: string;
  message?: string;
  /** The last email typed, so a refused attempt does not clear the form. */
  email?: string;
  /** The server asked for the authenticator code. */
  needsTotp?: boolean;
}

/** Only same-site paths may follow a sign-in. */
function safeNext(value: FormDataEntryValue | null): string {
  const next = typeof value === 'string' ? value : '';
  return next.startsWith('/') && !next.startsWith('//') ? next : '/account';
}

export async function signInAction(_previous: SignInState, form: FormData): Promise<SignInState> {
  const email = String(form.get('email') ?? '');
  try {
    await signIn('credentials', {
      email,
      password: String(form.get('password') ?? ''),
      totp: String(form.get('totp') ?? ''),
      redirect: false,
    });
  } catch (error) {
    if (error instanceof CredentialsSignin) {
      const [code = 'INVALID_CREDENTIALS', message = 'The email or password is not right.'] = error.code.split('|');
      return { code, message, email, needsTotp: code === 'TOTP_REQUIRED' || code === 'TOTP_INVALID' };
    }
    if (error instanceof AuthError) return { code: 'INVALID_CREDENTIALS', message: 'Sign-in failed. Try again.', email };
    throw error;
  }
  redirect(safeNext(form.get('next')));
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: '/sign-in' });
}
