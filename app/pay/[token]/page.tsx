import type { Metadata } from 'next';
import { cookies, headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { getDatabase } from '../../../db';
import { DomainError } from '../../../server/errors';
import { checkoutBranding, type CheckoutBranding } from '../../../server/payins/checkout-page';
import { TrpcProvider } from '../../_trpc/client';
import { Checkout } from './checkout';
import { initialCheckout } from './initial-checkout';
import { checkoutLanguage } from './language';
import { TIME_ZONE_COOKIE, timeZoneFromCookie } from './time-zone';
import { messages } from './messages';

/** Once per request: the title and the page both need it. Null for an unknown or expired link. */
const brandingOf = cache(async (token: string): Promise<CheckoutBranding | null> => {
  try {
    return await checkoutBranding((await getDatabase()).db, token);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'ORDER_NOT_FOUND') return null;
    throw error;
  }
});

async function language() {
  const [requestHeaders, requestCookies] = await Promise.all([headers(), cookies()]);
  return checkoutLanguage(requestCookies, requestHeaders);
}

export async function generateMetadata({ params }: { params: Promise<{ token: string }> }): Promise<Metadata> {
  const [{ token }, lang] = await Promise.all([params, language()]);
  const branding = await brandingOf(token);
  const t = messages[lang];
  return {
    // Absolute: the merchant's page, not "… · Corridor". The URL is a bearer token: never indexed.
    title: { absolute: branding ? t.pageTitle(branding.merchantName) : t.invalidTitle },
    robots: { index: false, follow: false },
  };
}

/**
 * Rendered on the server with the order's current screen (bank details included) in the first
 * response: no spinner and no second round trip before the buyer sees what to pay. The client
 * hydrates from the same data and follows the order from there (docs/architecture.md, "Live
 * checkout status").
 */
export default async function PayPage({ params }: { params: Promise<{ token: string }> }) {
  const [{ token }, initialLang, requestCookies] = await Promise.all([params, language(), cookies()]);
  const renderTimeZone = timeZoneFromCookie(requestCookies.get(TIME_ZONE_COOKIE)?.value);
  const [branding, initial] = await Promise.all([brandingOf(token), initialCheckout(token)]);
  // A real 404 (not-found.tsx says so in the buyer's language), not a 200 page that says "invalid".
  if (!branding || !initial) notFound();
  return (
    <TrpcProvider>
      <Checkout token={token} initialLang={initialLang} branding={branding} initial={initial} renderTimeZone={renderTimeZone} />
    </TrpcProvider>
  );
}
