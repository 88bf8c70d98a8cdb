import type { Metadata, Viewport } from 'next';
import Link from 'next/link';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { rootMetadata, rootViewport } from '../_components/frame/root-metadata';
import { htmlLang } from '../pay/[token]/language';
import { auth } from '../_auth/auth';
import { TrpcProvider } from '../_trpc/client';
import { signOutAction } from '../(entry)/sign-in/actions';
import { AlertControls, LivePoolProvider } from './_components/live-pool';
import { TraderLanguageToggle, TraderMessagesProvider } from './_components/messages-context';
import { TraderNav } from './_components/trader-nav';
import { traderMessagesOfRequest } from './_components/trader-language';
import '../globals.css';
import './trader.css';

export const metadata: Metadata = rootMetadata;
export const viewport: Viewport = rootViewport;

/**
 * The dashboard's root layout (docs/architecture.md, "Page families"), in the trader's language:
 * who is signed in, sign-out, the language and alert switches, and the section nav; no developer
 * site header or footer. Each page calls requireUser itself, so no page renders without a trader's
 * session (without one, the page redirects to sign-in).
 */
export default async function TraderLayout({ children }: { children: ReactNode }) {
  // The CSP nonce must reach Next's script tags: render per request.
  await connection();
  const session = await auth();
  const user = session?.user as { name?: string | null; role?: string } | undefined;
  const { lang, t } = await traderMessagesOfRequest();
  if (user?.role !== 'trader') {
    return (
      <html lang={htmlLang(lang)}>
        <body>{children}</body>
      </html>
    );
  }
  return (
    <html lang={htmlLang(lang)}>
      <body className="trader-page-body">
        <TraderMessagesProvider lang={lang}>
          <TrpcProvider>
            <LivePoolProvider>
              <div className="trader container">
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
                <main id="trader-main" tabIndex={-1} className="trader-main">
                  {children}
                </main>
              </div>
            </LivePoolProvider>
          </TrpcProvider>
        </TraderMessagesProvider>
      </body>
    </html>
  );
}
