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
          <label htmlFor="totp">Authenticator code or recovery code</label>
          <input id="totp" name="totp" pattern="\d{6}|[A-Za-z0-9]{5}[\s\-]?[A-Za-z0-9]{5}" autoComplete="one-time-code" required maxLength={11} aria-describedby="totp-hint" />
          <small id="totp-hint">The 6 digits from your app, or one of your recovery codes (XXXXX-XXXXX) if you lost the phone.</small>
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
