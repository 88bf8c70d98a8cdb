import type { Metadata, Viewport } from 'next';
import Link from 'next/link';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { requireMerchantUser } from '../../_auth/require-merchant-user';
import { ConsoleFrame } from '../../_components/console/console-frame';
import { rootMetadata, rootViewport } from '../../_components/frame/root-metadata';
import { TrpcProvider } from '../../_trpc/client';
import { signOutAction } from '../../(entry)/sign-in/actions';
import { merchantNavOf } from '../_components/merchant-pages';
import { merchantLangOfRequest } from '../_components/merchant-language';
import { merchantMessages } from '../_components/messages';
import { MerchantLanguageToggle, MerchantMessagesProvider } from '../_components/messages-context';
import { htmlLang } from '../../pay/[token]/language';
import { MerchantNav } from '../_components/merchant-nav';
import '../../globals.css';
// The consoles' shared look (the frame, forms, tables).
import '../../_components/console/console.css';
import '../merchant.css';

export const metadata: Metadata = rootMetadata;
export const viewport: Viewport = rootViewport;

/**
 * The console's root layout (docs/architecture.md, "Page families"), in the merchant's language:
 * the sections this role may open, who is signed in, sign-out, the language switch. Each page
 * checks the session too.
 */
export default async function MerchantConsoleLayout({ children }: { children: ReactNode }) {
  // The CSP nonce must reach Next's script tags: render per request.
  await connection();
  const user = await requireMerchantUser('/merchant');
  const lang = await merchantLangOfRequest();
  const t = merchantMessages[lang];
  return (
    <html lang={htmlLang(lang)}>
      <body className="console-page">
        <MerchantMessagesProvider lang={lang}>
          <ConsoleFrame
            product={t.consoleLabel}
            home="/merchant"
            skipLabel={t.skipToContent}
            navLabel={t.consoleLabel}
            nav={<MerchantNav links={merchantNavOf(user.merchantRole, t)} />}
            tools={<MerchantLanguageToggle />}
            accountLabel={
              <>
                <span className="visually-hidden">{t.signedInAs} </span>
                <span translate="no">{user.name}</span>
              </>
            }
            account={
              <>
                <p className="console-user">
                  {t.signedInAs} <strong translate="no">{user.name}</strong> ({t.roles[user.merchantRole]})
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
            <TrpcProvider>{children}</TrpcProvider>
          </ConsoleFrame>
        </MerchantMessagesProvider>
      </body>
    </html>
  );
}
