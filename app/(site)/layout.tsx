import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { rootMetadata, rootViewport } from '../_components/frame/root-metadata';
import { SiteFooter } from '../_components/site-footer';
import { SiteHeader } from '../_components/site-header';
import '../globals.css';

export const metadata: Metadata = rootMetadata;
export const viewport: Viewport = rootViewport;

/**
 * The developer site's frame (landing, docs, sign-in, the demo, the account and enrolment pages):
 * Corridor's header and footer, in English. The checkout and the consoles have root layouts of
 * their own (docs/architecture.md, "Page families").
 */
export default async function SiteLayout({ children }: { children: ReactNode }) {
  // Every page renders per request: the CSP nonce that proxy.ts makes for this request must reach
  // Next's script tags, and a page prerendered at build time would carry none.
  await connection();
  return (
    <html lang="en">
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" className="container">
          {children}
        </main>
        <SiteFooter />
      </body>
    </html>
  );
}
