import { signOutEverywhereAction } from './sign-out-everywhere-action';

/** One button: every browser signed in as this user, this one included, must sign in again. */
export function SignOutEverywhereForm() {
  return (
    <form action={signOutEverywhereAction} className="form-card">
      <p className="form-hint" id="sign-out-everywhere-hint">
        Lost a device, or signed in somewhere you should not have? This ends every session of yours, this one included.
      </p>
      <button type="submit" className="button is-danger" aria-describedby="sign-out-everywhere-hint">
        Sign out everywhere
      </button>
    </form>
  );
}
