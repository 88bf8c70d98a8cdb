'use client';

import { useActionState } from 'react';
import { MIN_PASSWORD_LENGTH } from '../../../../common/password-rules';
import { changePasswordAction, type ChangePasswordState } from './actions';

export function ChangePasswordForm() {
  const [state, action, pending] = useActionState<ChangePasswordState, FormData>(changePasswordAction, {});
  return (
    <form action={action} className="form-card">
      <label htmlFor="current">Current password</label>
      <input id="current" name="current" type="password" autoComplete="current-password" required />
      <label htmlFor="next">New password</label>
      <input id="next" name="next" type="password" autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} aria-describedby="next-hint" />
      <p id="next-hint" className="form-hint">
        At least {MIN_PASSWORD_LENGTH} characters.
      </p>
      <label htmlFor="confirm">New password again</label>
      <input id="confirm" name="confirm" type="password" autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} />
      <div role={state.done ? 'status' : 'alert'} aria-live="polite" className={state.done ? 'form-success' : 'form-error'}>
        {state.message ?? ''}
      </div>
      <button type="submit" className="button-primary" disabled={pending}>
        {pending ? 'Changing…' : 'Change password'}
      </button>
    </form>
  );
}
