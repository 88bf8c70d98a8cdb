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
