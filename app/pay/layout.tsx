import type { Metadata, Viewport } from 'next';
import { cookies, headers } from 'next/headers';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { rootMetadata, rootViewport } from '../_components/frame/root-metadata';
import { checkoutLanguage, htmlLang } from './[token]/language';
import '../globals.css';

export const metadata: Metadata = rootMetadata;
export const viewport: Viewport = rootViewport;

/**
 * The buyer's checkout is the merchant's page, not Corridor's: its own root layout, with no site
 * header, footer or English skip link, and `<html lang>` in the buyer's language
 * (docs/architecture.md, "Page families").
 */
export default async function CheckoutLayout({ children }: { children: ReactNode }) {
  // The CSP nonce must reach Next's script tags: render per request.
  await connection();
  const [requestHeaders, requestCookies] = await Promise.all([headers(), cookies()]);
  const lang = checkoutLanguage(requestCookies, requestHeaders);
  return (
    <html lang={htmlLang(lang)}>
      <body className="checkout-page">{children}</body>
    </html>
  );
}
