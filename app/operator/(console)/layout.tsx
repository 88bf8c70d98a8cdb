import type { Metadata, Viewport } from 'next';
import Link from 'next/link';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { requireUser } from '../../_auth/require-user';
import { ConsoleFrame } from '../../_components/console/console-frame';
import { rootMetadata, rootViewport } from '../../_components/frame/root-metadata';
import { TrpcProvider } from '../../_trpc/client';
import { signOutAction } from '../../(entry)/sign-in/actions';
import { ConsoleNav } from '../_components/console-nav';
import { SearchBox } from '../_components/search-box';
import { OperatorLanguageToggle, OperatorMessagesProvider } from '../_components/messages-context';
import { operatorMessagesOfRequest } from '../_components/operator-language';
import { htmlLang } from '../../pay/[token]/language';
import '../../globals.css';
import '../../_components/console/console.css';

export const metadata: Metadata = rootMetadata;
export const viewport: Viewport = rootViewport;

/**
 * The console's root layout (docs/architecture.md, "Page families"): its own frame in the
 * operator's language, with the sections, who is signed in, sign-out and the language switch.
 * Each page checks the session too.
 */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  // The CSP nonce must reach Next's script tags: render per request.
  await connection();
  const user = await requireUser('operator', '/operator');
  const { lang, t } = await operatorMessagesOfRequest();
  return (
    <html lang={htmlLang(lang)}>
      <body className="console-page">
        <OperatorMessagesProvider lang={lang}>
          <ConsoleFrame
            product={t.consoleLabel}
            home="/operator"
            skipLabel={t.skipToContent}
            navLabel={t.consoleLabel}
            nav={<ConsoleNav />}
            tools={<OperatorLanguageToggle />}
            accountLabel={
              <>
                <span className="visually-hidden">{t.signedInAs} </span>
                <span translate="no">{user.name}</span>
              </>
            }
            account={
              <>
                <p>
                  {t.signedInAs} <strong translate="no">{user.name}</strong>
                </p>
                <Link href="/account/password">{t.changePassword}</Link>
                <form action={signOutAction}>
                  <button type="submit" className="button">
                    {t.signOut}
                  </button>
                </form>
              </>
            }
          >
            <SearchBox />
            <TrpcProvider>{children}</TrpcProvider>
          </ConsoleFrame>
        </OperatorMessagesProvider>
      </body>
    </html>
  );
}
