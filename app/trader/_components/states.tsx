import type { ReactNode } from 'react';

export function Loading({ what }: { what: string }) {
  return (
    <p className="trader-muted" role="status" aria-live="polite">
      Loading {what}…
    </p>
  );
}

export function LoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div className="trader-error" role="alert">
      <p>Could not load: {text}</p>
      <button type="button" className="trader-button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="trader-empty">{children}</p>;
}
