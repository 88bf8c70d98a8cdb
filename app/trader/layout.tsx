import Link from 'next/link';
import type { ReactNode } from 'react';
import { htmlLang } from '../pay/[token]/language';
import { auth } from '../_auth/auth';
import { TrpcProvider } from '../_trpc/client';
import { signOutAction } from '../sign-in/actions';
import { AlertControls, LivePoolProvider } from './_components/live-pool';
import { TraderLanguageToggle, TraderMessagesProvider } from './_components/messages-context';
import { TraderNav } from './_components/trader-nav';
import { traderMessagesOfRequest } from './_components/trader-language';
import './trader.css';

/**
 * The dashboard's frame, in the trader's language: who is signed in, sign-out, the language and
 * alert switches, and the section nav. It is the trader's app, so the developer site's header and
 * footer are hidden here (trader.css). Each page calls requireUser itself, so no page renders
 * without a trader's session.
 */
export default async function TraderLayout({ children }: { children: ReactNode }) {
  const session = await auth();
  const user = session?.user as { name?: string | null; role?: string } | undefined;
  if (user?.role !== 'trader') return <>{children}</>;
  const { lang, t } = await traderMessagesOfRequest();
  return (
    <TraderMessagesProvider lang={lang}>
      <TrpcProvider>
        <LivePoolProvider>
          <div className="trader" lang={htmlLang(lang)}>
            <a className="skip-link" href="#trader-main">
              {t.skipToContent}
            </a>
            <header className="trader-bar">
              <p className="trader-brand">
                <Link href="/trader">{t.brand}</Link>
              </p>
              <AlertControls />
              <TraderLanguageToggle />
              <details className="trader-account">
                <summary>
                  <span className="visually-hidden">{t.signedInAs} </span>
                  <span translate="no">{user.name}</span>
                </summary>
                <div className="trader-account-menu">
                  <p>
                    {t.signedInAs} <strong translate="no">{user.name}</strong>
                  </p>
                  <Link href="/account/password">{t.changePassword}</Link>
                  <form action={signOutAction}>
                    <button type="submit" className="trader-button is-small">
                      {t.signOut}
                    </button>
                  </form>
                </div>
              </details>
            </header>
            <TraderNav />
            <div id="trader-main" tabIndex={-1} className="trader-main">
              {children}
            </div>
          </div>
        </LivePoolProvider>
      </TrpcProvider>
    </TraderMessagesProvider>
  );
}
