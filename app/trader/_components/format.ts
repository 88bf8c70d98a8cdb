/** Formatting for the dashboard. Amounts arrive as decimal strings and stay strings. */

/** "12:05" or "1:02:05" for a remaining time; "0:00" once passed. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mm = hours > 0 ? String(minutes).padStart(2, '0') : String(minutes);
  return `${hours > 0 ? `${hours}:` : ''}${mm}:${String(seconds).padStart(2, '0')}`;
}

/** A timestamp in the viewer's time zone, to the second. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });
}

/** Digits in groups of 4, for reading a card number aloud or against a banking app. */
export function groupDigits(value: string): string {
  return value.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** An error of a tRPC call or the upload action, as the page shows it: the message and its code. */
export function errorText(error: unknown): string {
  if (!error) return '';
  const shaped = error as { message?: string; data?: { code?: string } | null; code?: string };
  const code = shaped.data?.code ?? shaped.code;
  const message = shaped.message || 'Something went wrong.';
  return code ? `${message} (${code})` : message;
}

/** The code of a tRPC error (docs/errors.md), or undefined. */
export function errorCode(error: unknown): string | undefined {
  return (error as { data?: { code?: string } | null } | null)?.data?.code ?? undefined;
}
