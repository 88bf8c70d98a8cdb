import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { SiteFooter } from './_components/site-footer';
import { SiteHeader } from './_components/site-header';
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
