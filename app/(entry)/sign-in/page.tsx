import type { Metadata } from 'next';
import { LanguageToggle } from '../../_components/language-toggle';
import { langOfRequest } from '../../_components/lang-of-request';
import { htmlLang } from '../../pay/[token]/language';
import { SignInForm } from './sign-in-form';
import { SIGN_IN_LANG_PATHS, signInMessages } from './sign-in-messages';

export async function generateMetadata(): Promise<Metadata> {
  return { title: signInMessages[await langOfRequest()].title, robots: { index: false } };
}

/** The sign-in of every console, in the language chosen with its switch (else the browser's). */
export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string; password?: string }> }) {
  const { next, password } = await searchParams;
  const lang = await langOfRequest();
  const t = signInMessages[lang];
  return (
    <section className="narrow" lang={htmlLang(lang)}>
      <LanguageToggle lang={lang} cookiePath={SIGN_IN_LANG_PATHS} groupLabel={t.languageGroup} />
      <h1>{t.title}</h1>
      <p className="lead">{t.lead}</p>
      {password === 'changed' ? (
        <p role="status" className="form-success">
          {t.passwordChanged}
        </p>
      ) : null}
      <SignInForm lang={lang} next={next && next.startsWith('/') && !next.startsWith('//') ? next : '/account'} />
    </section>
  );
}
