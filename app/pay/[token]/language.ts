export type Lang = 'en' | 'zh';

/** Set when the buyer switches language, so a reload keeps their choice over the browser's. */
export const LANG_COOKIE = 'corridor-lang';

/** The `lang` attribute of each choice: the checkout is in Simplified Chinese as used in mainland China. */
export const htmlLang = (lang: Lang): string => (lang === 'zh' ? 'zh-CN' : 'en');

export function langFromCookie(value: string | undefined): Lang | undefined {
  return value === 'zh' || value === 'en' ? value : undefined;
}

/**
 * Chinese when the browser ranks any Chinese above any English, else English: a buyer whose first
 * language is neither still gets the one of the two they read better.
 */
export function preferredLanguage(acceptLanguage: string | null | undefined): Lang {
  if (!acceptLanguage) return 'en';
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';').map((piece) => piece.trim());
      const q = params.find((param) => param.startsWith('q='));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return { primary: tag.toLowerCase().split('-')[0], quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  const first = ranked.find((entry) => entry.primary === 'zh' || entry.primary === 'en');
  return first?.primary === 'zh' ? 'zh' : 'en';
}

/** The language a checkout request opens in: the buyer's earlier choice, else their browser's. */
export function checkoutLanguage(requestCookies: { get(name: string): { value: string } | undefined }, requestHeaders: Headers): Lang {
  return langFromCookie(requestCookies.get(LANG_COOKIE)?.value) ?? preferredLanguage(requestHeaders.get('accept-language'));
}
