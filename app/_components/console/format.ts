import type { Lang } from '../../pay/[token]/language';

/** "3 d 4 h", "2 h 05 min", "12 min" (in Chinese "3 天 4 小时"): how long ago, for queues. */
export function formatAge(seconds: number, lang: Lang = 'en'): string {
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  const [d, h, min] = lang === 'zh' ? [' 天', ' 小时', ' 分钟'] : [' d', ' h', ' min'];
  if (days > 0) return `${days}${d} ${hours % 24}${h}`;
  if (hours > 0) return `${hours}${h} ${String(minutes % 60).padStart(2, '0')}${min}`;
  return `${minutes}${min}`;
}

/** An instant as UTC, to the second: operators in different zones read the same time. */
export function formatTime(iso: string | null): string {
  if (!iso) return '—';
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}
