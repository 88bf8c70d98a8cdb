import type { Metadata } from 'next';
import { cookies, headers } from 'next/headers';
import { CheckoutShell } from './checkout-shell';
import { InvalidLink } from './invalid-link';
import { checkoutLanguage } from './language';
import { messages } from './messages';

async function language() {
  const [requestHeaders, requestCookies] = await Promise.all([headers(), cookies()]);
  return checkoutLanguage(requestCookies, requestHeaders);
}

export async function generateMetadata(): Promise<Metadata> {
  return { title: { absolute: messages[await language()].invalidTitle }, robots: { index: false, follow: false } };
}

/** An unknown, mistyped, truncated or long-finished link: HTTP 404, in the checkout's own frame. */
export default async function CheckoutNotFound() {
  return (
    <CheckoutShell initialLang={await language()} branding={null}>
      <InvalidLink />
    </CheckoutShell>
  );
}
