/**
 * A refused call as the consoles show it: the code of docs/errors.md and the message. A plain
 * module, not a client one, so a page rendered on the server words a refusal the same way as a
 * form in the browser (a function of a 'use client' module cannot be called on the server).
 */
export function errorText(error: unknown): string | null {
  if (!error) return null;
  const shape = error as { message?: string; data?: { code?: string; details?: { path: string; message: string }[] } };
  const code = shape.data?.code ?? 'ERROR';
  const details = (shape.data?.details ?? []).map((detail) => `${detail.path || 'input'} ${detail.message}`).join('; ');
  const message = shape.message && !shape.message.startsWith('[') ? shape.message : 'The request is not valid.';
  return `${code}: ${message}${details ? ` (${details})` : ''}`;
}

/** The message a refused call gave for one field (`path` as the schema names it), for under that field. */
export function fieldError(error: unknown, path: string): string | null {
  const shape = error as { data?: { details?: { path: string; message: string }[] } } | null;
  const detail = shape?.data?.details?.find((entry) => entry.path === path || entry.path.endsWith(`.${path}`));
  return detail ? detail.message : null;
}
