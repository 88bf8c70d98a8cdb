import { Notice } from './notice';

/** Until the dashboards have sign-in, the CLI calls the same audited server functions. */
export function SignInNotice() {
  return (
    <Notice>
      <p>
        Sign-in arrives with the dashboards; use the CLI meanwhile: <code>npm run corridor -- --help</code>
      </p>
    </Notice>
  );
}
