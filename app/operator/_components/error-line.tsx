'use client';

/** A refused call as the console shows it: the code of docs/errors.md and the message. */
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

/** A field's error under it, tied to the field by `id` (aria-describedby on the field). */
export function FieldError({ error, path, id }: { error: unknown; path: string; id: string }) {
  const message = fieldError(error, path);
  if (!message) return null;
  return (
    <span id={id} className="field-error" role="alert">
      {message}
    </span>
  );
}

/** Nothing while there is no error, so a form can always render it under itself. */
export function ErrorLine({ error }: { error: unknown }) {
  const text = errorText(error);
  if (text === null) return null;
  return (
    <p role="alert" className="console-error">
      {text}
    </p>
  );
}
