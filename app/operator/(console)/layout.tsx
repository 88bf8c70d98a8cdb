import Link from 'next/link';
import type { ReactNode } from 'react';
import { requireUser } from '../../_auth/require-user';
import { TrpcProvider } from '../../_trpc/client';
import { signOutAction } from '../../sign-in/actions';
import { ConsoleNav } from '../_components/console-nav';
import { SearchBox } from '../_components/search-box';
import '../operator.css';

/** The console's frame: the sections, who is signed in, and sign-out. Each page checks the session too. */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const user = await requireUser('operator', '/operator');
  return (
    <div className="console">
      <nav className="console-nav" aria-label="Operator console">
        <ConsoleNav />
        <div className="console-user">
          Signed in as <strong>{user.name}</strong>
          <Link href="/account/password">Change password</Link>
          <form action={signOutAction}>
            <button type="submit" className="button">
              Sign out
            </button>
          </form>
        </div>
      </nav>
      <div className="console-main">
        <SearchBox />
        <TrpcProvider>{children}</TrpcProvider>
      </div>
    </div>
  );
}
