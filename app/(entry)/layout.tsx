import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { rootMetadata, rootViewport } from '../_components/frame/root-metadata';
import { langOfRequest } from '../_components/lang-of-request';
import { SiteFooter } from '../_components/site-footer';
import { SiteHeader } from '../_components/site-header';
import { htmlLang } from '../pay/[token]/language';
import '../globals.css';

export const metadata: Metadata = rootMetadata;
export const viewport: Viewport = rootViewport;

/**
 * The doors to the consoles (sign-in, second-factor enrolment, a merchant team's invitation): the
 * site's frame, with `<html lang>` in the language the person chose with the pages' switch (or
 * their browser's), the language the console then opens in (docs/architecture.md, "Page families").
 */
export default async function EntryLayout({ children }: { children: ReactNode }) {
  // Rendered per request, like every page: the CSP nonce must reach Next's script tags.
  await connection();
  const lang = await langOfRequest();
  return (
    <html lang={htmlLang(lang)}>
      <body>
        <a className="skip-link" href="#main">
          {lang === 'zh' ? '跳到正文' : 'Skip to content'}
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
