/** Formatting for the dashboard. Amounts arrive as decimal strings and stay strings (common/amount-display.ts). */
import type { TraderLang, TraderMessages } from './messages';

/** "12:05" or "1:02:05" for a remaining time; "0:00" once passed. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mm = hours > 0 ? String(minutes).padStart(2, '0') : String(minutes);
  return `${hours > 0 ? `${hours}:` : ''}${mm}:${String(seconds).padStart(2, '0')}`;
}

/** A timestamp in the viewer's time zone, to the second, spelt in the dashboard's language. */
export function formatTime(iso: string | null | undefined, lang: TraderLang): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'medium' });
}

/** Digits in groups of 4, for reading a card number aloud or against a banking app. */
export function groupDigits(value: string): string {
  return value.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The code of a tRPC error or the upload action's refusal (docs/errors.md), or undefined. */
export function errorCode(error: unknown): string | undefined {
  const shaped = error as { data?: { code?: string } | null; code?: string } | null;
  return shaped?.data?.code ?? shaped?.code ?? undefined;
}

/**
 * An error as the page shows it: a sentence in the dashboard's language chosen by its code, never
 * the code itself. The server's own message is never shown: it is English, and for input refused by
 * a schema it could be the validator's raw output.
 */
export function errorText(error: unknown, t: TraderMessages): string {
  if (!error) return '';
  const code = errorCode(error);
  const message = (code && t.errors.codes[code]) || t.errors.generic;
  return message;
}

/** The fields a VALIDATION_FAILED refusal names (`details[].path`), for messages beside them. */
export function refusedFields(error: unknown): string[] {
  const details = (error as { data?: { details?: { path?: unknown }[] } | null; details?: { path?: unknown }[] } | null)?.data?.details;
  return (details ?? []).map((detail) => String(detail.path ?? '')).filter(Boolean);
}
