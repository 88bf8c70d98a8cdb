import Link from 'next/link';
import type { ReactNode } from 'react';
import { requireUser } from '../../_auth/require-user';
import { TrpcProvider } from '../../_trpc/client';
import { signOutAction } from '../../sign-in/actions';
import { ConsoleNav } from '../_components/console-nav';
import { SearchBox } from '../_components/search-box';
import { OperatorLanguageToggle, OperatorMessagesProvider } from '../_components/messages-context';
import { operatorMessagesOfRequest } from '../_components/operator-language';
import { htmlLang } from '../../pay/[token]/language';
import '../operator.css';

/** The console's frame, in the operator's language: the sections, who is signed in, sign-out and the language switch. Each page checks the session too. */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const user = await requireUser('operator', '/operator');
  const { lang, t } = await operatorMessagesOfRequest();
  return (
    <OperatorMessagesProvider lang={lang}>
    <div className="console" lang={htmlLang(lang)}>
      <nav className="console-nav" aria-label={t.consoleLabel}>
        <ConsoleNav />
        <div className="console-user">
          {t.signedInAs} <strong>{user.name}</strong>
          <Link href="/account/password">{t.changePassword}</Link>
          <form action={signOutAction}>
            <button type="submit" className="button">
              {t.signOut}
            </button>
          </form>
          <OperatorLanguageToggle />
        </div>
      </nav>
      <div className="console-main">
        <SearchBox />
        <TrpcProvider>{children}</TrpcProvider>
      </div>
    </div>
    </OperatorMessagesProvider>
  );
}
