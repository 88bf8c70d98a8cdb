import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import { rootMetadata, rootViewport } from './_components/frame/root-metadata';
import { SiteFooter } from './_components/site-footer';
import { SiteHeader } from './_components/site-header';
import NotFound from './(site)/not-found';
import './globals.css';

export const metadata: Metadata = { ...rootMetadata, title: 'Page not found' };
export const viewport: Viewport = rootViewport;

/**
 * An address no route matches. With a root layout per page family there is no one layout to
 * render it in, so it is a whole document of its own, in the developer site's frame
 * (docs/architecture.md, "Page families"). A page's own notFound() renders its family's
 * not-found instead.
 */
export default async function GlobalNotFound() {
  await connection();
  return (
    <html lang="en">
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" className="container">
          <NotFound />
        </main>
        <SiteFooter />
      </body>
    </html>
  );
}
