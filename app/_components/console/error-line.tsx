'use client';

import { errorText, fieldError } from '../error-text';

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
