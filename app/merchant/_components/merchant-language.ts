import { cookies, headers } from 'next/headers';
import { langFromCookie, LANG_COOKIE, preferredLanguage } from '../../pay/[token]/language';
import type { MerchantLang } from './messages';

/** The console's language: the one chosen with the toggle (the checkout's cookie), else the browser's. */
export async function merchantLangOfRequest(): Promise<MerchantLang> {
  const [requestCookies, requestHeaders] = await Promise.all([cookies(), headers()]);
  return langFromCookie(requestCookies.get(LANG_COOKIE)?.value) ?? preferredLanguage(requestHeaders.get('accept-language'));
}
