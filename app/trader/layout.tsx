import type { ReactNode } from 'react';
import { auth } from '../_auth/auth';
import { TrpcProvider } from '../_trpc/client';
import { signOutAction } from '../sign-in/actions';
import { TraderNav } from './_components/trader-nav';
import './trader.css';

/**
 * The dashboard's frame: who is signed in, sign-out, and the section nav. Each page calls
 * requireUser itself, so no page renders without a trader's session.
 */
export default async function TraderLayout({ children }: { children: ReactNode }) {
  const session = await auth();
  const user = session?.user as { name?: string | null; role?: string } | undefined;
  if (user?.role !== 'trader') return <>{children}</>;
  return (
    <div className="trader">
      <div className="trader-bar">
        <p>
          Signed in as <strong>{user.name}</strong>
        </p>
        <form action={signOutAction}>
          <button type="submit" className="trader-button">
            Sign out
          </button>
        </form>
      </div>
      <TraderNav />
      <TrpcProvider>{children}</TrpcProvider>
    </div>
  );
}
