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

export function ErrorLine({ error }: { error: unknown }) {
  const text = errorText(error);
  return (
    <p role="alert" className="console-error">
      {text ?? ''}
    </p>
  );
}
