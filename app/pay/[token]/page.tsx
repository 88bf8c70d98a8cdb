import type { Metadata } from 'next';
import { cookies, headers } from 'next/headers';
import { TrpcProvider } from '../../_trpc/client';
import { Checkout } from './checkout';
import { langFromCookie, LANG_COOKIE, preferredLanguage } from './language';

// The URL is a bearer token: search engines must never list it.
export const metadata: Metadata = { title: 'Checkout', robots: { index: false, follow: false } };

export default async function PayPage({ params }: { params: Promise<{ token: string }> }) {
  const [{ token }, requestHeaders, requestCookies] = await Promise.all([params, headers(), cookies()]);
  const initialLang = langFromCookie(requestCookies.get(LANG_COOKIE)?.value) ?? preferredLanguage(requestHeaders.get('accept-language'));
  return (
    <TrpcProvider>
      <Checkout token={token} initialLang={initialLang} />
    </TrpcProvider>
  );
}
