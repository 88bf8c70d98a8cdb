'use client';

import { errorText, fieldError, type FieldLabels } from '../error-text';
import { usePageLang } from '../page-lang';

/** A field's error under it, tied to the field by `id` (aria-describedby on the field). */
export function FieldError({ error, path, id }: { error: unknown; path: string; id: string }) {
  const message = fieldError(error, path, usePageLang());
  if (!message) return null;
  return (
    <span id={id} className="field-error" role="alert">
      {message}
    </span>
  );
}

/**
 * Nothing while there is no error, so a form can always render it under itself. The refusal in the
 * page's language (error-text.ts); `labels` names the form's fields as it shows them.
 */
export function ErrorLine({ error, labels }: { error: unknown; labels?: FieldLabels }) {
  const text = errorText(error, usePageLang(), labels);
  if (text === null) return null;
  return (
    <p role="alert" className="console-error">
      {text}
    </p>
  );
}
