'use client';

import { useActionState } from 'react';
import { errorCodeTexts } from '../../_components/error-code-texts';
import type { Lang } from '../../pay/[token]/language';
import { signInAction, type SignInState } from './actions';
import { signInMessages } from './sign-in-messages';

/** A refused sign-in in the page's language: the server's sentence in English, the code's sentence in Chinese. */
function refusalText(state: SignInState, lang: Lang): string {
  if (!state.message) return '';
  if (lang === 'en') return state.message;
  return (state.code && errorCodeTexts.zh[state.code]) || errorCodeTexts.zh.INVALID_CREDENTIALS!;
}

export function SignInForm({ next, lang }: { next: string; lang: Lang }) {
  const [state, action, pending] = useActionState<SignInState, FormData>(signInAction, {});
  const t = signInMessages[lang];
  return (
    <form action={action} className="form-card" noValidate={false}>
      <input type="hidden" name="next" value={next} />
      <label htmlFor="email">{t.email}</label>
      <input id="email" name="email" type="email" autoComplete="username" required defaultValue={state.email} />
      <label htmlFor="password">{t.password}</label>
      <input id="password" name="password" type="password" autoComplete="current-password" required minLength={1} />
      {state.needsTotp ? (
        <>
          <label htmlFor="totp">{t.totp}</label>
          <input id="totp" name="totp" pattern="\d{6}|[A-Za-z0-9]{5}[\s\-]?[A-Za-z0-9]{5}" autoComplete="one-time-code" required maxLength={11} aria-describedby="totp-hint" />
          <small id="totp-hint">{t.totpHint}</small>
        </>
      ) : null}
      <div role="alert" aria-live="assertive" className="form-error">
        {refusalText(state, lang)}
      </div>
      <button type="submit" className="button-primary" disabled={pending}>
        {pending ? t.signingIn : t.signIn}
      </button>
    </form>
  );
}
