'use client';

import { useActionState } from 'react';
import { signInAction, type SignInState } from './actions';

export function SignInForm({ next }: { next: string }) {
  const [state, action, pending] = useActionState<SignInState, FormData>(signInAction, {});
  return (
    <form action={action} className="form-card" noValidate={false}>
      <input type="hidden" name="next" value={next} />
      <label htmlFor="email">Email</label>
      <input id="email" name="email" type="email" autoComplete="username" required defaultValue={state.email} />
      <label htmlFor="password">Password</label>
      <input id="password" name="password" type="password" autoComplete="current-password" required minLength={1} />
      {state.needsTotp ? (
        <>
          <label htmlFor="totp">Authenticator code</label>
          <input id="totp" name="totp" inputMode="numeric" pattern="\d{6}" autoComplete="one-time-code" required maxLength={6} />
        </>
      ) : null}
      <div role="alert" aria-live="assertive" className="form-error">
        {state.message ?? ''}
      </div>
      <button type="submit" className="button-primary" disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
