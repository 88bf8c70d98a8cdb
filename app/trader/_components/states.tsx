'use client';

import type { ReactNode } from 'react';
import { useTraderMessages } from './messages-context';

export function Loading({ what }: { what: string }) {
  const { t } = useTraderMessages();
  return (
    <p className="trader-muted" role="status" aria-live="polite">
      {t.common.loading(what)}
    </p>
  );
}

export function LoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTraderMessages();
  return (
    <div className="trader-error" role="alert">
      <p>{t.common.couldNotLoad(text)}</p>
      <button type="button" className="trader-button" onClick={onRetry}>
        {t.common.tryAgain}
      </button>
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="trader-empty">{children}</p>;
}
