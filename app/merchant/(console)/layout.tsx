import Link from 'next/link';
import type { ReactNode } from 'react';
import { requireMerchantUser } from '../../_auth/require-merchant-user';
import { TrpcProvider } from '../../_trpc/client';
import { signOutAction } from '../../sign-in/actions';
import { merchantNavOf } from '../_components/merchant-pages';
import { merchantMessages as t } from '../_components/messages';
import { MerchantNav } from '../_components/merchant-nav';
// The merchant console shares the operator console's look.
import '../../operator/operator.css';

/** The console's frame: the sections this role may open, who is signed in, sign-out. Each page checks the session too. */
export default async function MerchantConsoleLayout({ children }: { children: ReactNode }) {
  const user = await requireMerchantUser('/merchant');
  return (
    <div className="console">
      <nav className="console-nav" aria-label={t.consoleLabel}>
        <MerchantNav links={merchantNavOf(user.merchantRole)} />
        <div className="console-user">
          {t.signedInAs} <strong>{user.name}</strong> ({t.roles[user.merchantRole]})
          <Link href="/account/password">{t.changePassword}</Link>
          <form action={signOutAction}>
            <button type="submit" className="button">
              {t.signOut}
            </button>
          </form>
        </div>
      </nav>
      <div>
        <TrpcProvider>{children}</TrpcProvider>
      </div>
    </div>
  );
}
