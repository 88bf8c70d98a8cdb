import type { Metadata, Viewport } from 'next';
import Link from 'next/link';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { requireUser } from '../../_auth/require-user';
import { ConsoleFrame } from '../../_components/console/console-frame';
import { rootMetadata, rootViewport } from '../../_components/frame/root-metadata';
import { TrpcProvider } from '../../_trpc/client';
import { signOutAction } from '../../(site)/sign-in/actions';
import { ConsoleNav } from '../_components/console-nav';
import { SearchBox } from '../_components/search-box';
import '../../globals.css';
import '../../_components/console/console.css';

export const metadata: Metadata = rootMetadata;
export const viewport: Viewport = rootViewport;

/**
 * The console's root layout (docs/architecture.md, "Page families"): its own frame, with the
 * sections, who is signed in, and sign-out. Each page checks the session too.
 */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  // The CSP nonce must reach Next's script tags: render per request.
  await connection();
  const user = await requireUser('operator', '/operator');
  return (
    <html lang="en">
      <body className="console-page">
        <ConsoleFrame
          product="Operator console"
          home="/operator"
          skipLabel="Skip to content"
          navLabel="Operator console"
          nav={<ConsoleNav />}
          accountLabel={
            <>
              <span className="visually-hidden">Signed in as </span>
              <span translate="no">{user.name}</span>
            </>
          }
          account={
            <>
              <p>
                Signed in as <strong translate="no">{user.name}</strong>
              </p>
              <Link href="/account/password">Change password</Link>
              <form action={signOutAction}>
                <button type="submit" className="button">
                  Sign out
                </button>
              </form>
            </>
          }
        >
          <SearchBox />
          <TrpcProvider>{children}</TrpcProvider>
        </ConsoleFrame>
      </body>
    </html>
  );
}
