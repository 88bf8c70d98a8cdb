import type { Lang } from './language';

// Amounts arrive as exact decimal strings and are only ever re-spelled, never parsed into numbers.

function groupThousands(amount: string): string {
  const [whole = '', fraction] = amount.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

export const formatCny = (amount: string): string => `¥${groupThousands(amount)}`;

/** Bank card numbers read and compare more easily in fours, as printed on the card. */
export function digitGroups(accountNumber: string): string[] {
  return /^\d{8,}$/.test(accountNumber) ? (accountNumber.match(/\d{1,4}/g) ?? [accountNumber]) : [accountNumber];
}

/** mm:ss, rounding up so the clock shows 00:00 only when the time is really up. */
export function formatClock(remainingMs: number): string {
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

const locale = (lang: Lang) => (lang === 'zh' ? 'zh-CN' : 'en');

/** `timeZone` undefined: the device's own (time-zone.ts says when it is not yet known). */
export const formatDateTime = (iso: string, lang: Lang, timeZone?: string): string =>
  new Intl.DateTimeFormat(locale(lang), { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));

export const formatTime = (iso: string, lang: Lang, timeZone?: string): string =>
  new Intl.DateTimeFormat(locale(lang), { timeStyle: 'short', timeZone }).format(new Date(iso));

/** Only web addresses become links: a merchant's returnUrl is validated on create, but it is still data. */
export function safeHttpUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
