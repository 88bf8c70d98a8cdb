import Link from 'next/link';
import type { ReactNode } from 'react';
import { requireMerchantUser } from '../../_auth/require-merchant-user';
import { TrpcProvider } from '../../_trpc/client';
import { signOutAction } from '../../sign-in/actions';
import { merchantNavOf } from '../_components/merchant-pages';
import { merchantLangOfRequest } from '../_components/merchant-language';
import { merchantMessages } from '../_components/messages';
import { MerchantLanguageToggle, MerchantMessagesProvider } from '../_components/messages-context';
import { htmlLang } from '../../pay/[token]/language';
import { MerchantNav } from '../_components/merchant-nav';
// The merchant console shares the operator console's look.
import '../../operator/operator.css';
import '../merchant.css';

/** The console's frame: the sections this role may open, who is signed in, sign-out. Each page checks the session too. */
export default async function MerchantConsoleLayout({ children }: { children: ReactNode }) {
  const user = await requireMerchantUser('/merchant');
  const lang = await merchantLangOfRequest();
  const t = merchantMessages[lang];
  return (
    <MerchantMessagesProvider lang={lang}>
      <div className="console" lang={htmlLang(lang)}>
        <nav className="console-nav" aria-label={t.consoleLabel}>
          <MerchantNav links={merchantNavOf(user.merchantRole, t)} />
          <div className="console-user">
            {t.signedInAs} <strong>{user.name}</strong> ({t.roles[user.merchantRole]})
            <Link href="/account/password">{t.changePassword}</Link>
            <form action={signOutAction}>
              <button type="submit" className="button">
                {t.signOut}
              </button>
            </form>
            <MerchantLanguageToggle />
          </div>
        </nav>
        <div>
          <TrpcProvider>{children}</TrpcProvider>
        </div>
      </div>
    </MerchantMessagesProvider>
  );
}
