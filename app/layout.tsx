import type { Metadata, Viewport } from 'next';
import { cookies, headers } from 'next/headers';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { SiteFooter } from './_components/site-footer';
import { SiteHeader } from './_components/site-header';
import { checkoutLanguage, htmlLang } from './pay/[token]/language';
import { SURFACE_HEADER } from './pay/surface';
import './globals.css';

export const metadata: Metadata = {
  title: {
    template: '%s · Corridor',
    default: 'Corridor: open-source fiat/crypto payment gateway',
  },
  description:
    'Corridor is a self-hosted, open-source gateway: merchants pay out CNY to bank cards and accept CNY pay-ins settled in USDT, traders provide the liquidity, operators arbitrate.',
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
    { media: '(prefers-color-scheme: dark)', color: '#161b22' },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request: the CSP nonce that proxy.ts makes for this request must reach
  // Next's script tags, and a page prerendered at build time would carry none.
  await connection();

  const [requestHeaders, requestCookies] = await Promise.all([headers(), cookies()]);
  const surface = requestHeaders.get(SURFACE_HEADER);
  if (surface === 'checkout') {
    // The merchant's page: no Corridor header, footer or English skip link; the buyer's language.
    const lang = checkoutLanguage(requestCookies, requestHeaders);
    return (
      <html lang={htmlLang(lang)}>
        <body className="checkout-page">{children}</body>
      </html>
    );
  }

  return (
    // The consoles and sign-in read the language as their pages do (operatorLangOfRequest and its kin).
    <html lang={surface === 'console' ? htmlLang(checkoutLanguage(requestCookies, requestHeaders)) : 'en'}>
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
