import { cookies, headers } from 'next/headers';
import { langFromCookie, LANG_COOKIE, preferredLanguage, type Lang } from '../pay/[token]/language';

/** A console's language for this request: the one chosen with its toggle (the checkout's cookie), else the browser's. */
export async function langOfRequest(): Promise<Lang> {
  const [requestCookies, requestHeaders] = await Promise.all([cookies(), headers()]);
  return langFromCookie(requestCookies.get(LANG_COOKIE)?.value) ?? preferredLanguage(requestHeaders.get('accept-language'));
}
