'use client';

import { useMessages } from './messages-context';
import type { CheckoutError } from './types';

export function LoadError({ error, onRetry, retrying }: { error: CheckoutError; onRetry: () => void; retrying: boolean }) {
  const { t } = useMessages();
  return (
    <section className="checkout-card" aria-labelledby="checkout-load-error">
      <h1 id="checkout-load-error" className="checkout-heading">
        {t.loadErrorHeading}
      </h1>
      <p role="alert">{error.data?.code ? t.describeError(error.data.code, error.message) : t.loadErrorText}</p>
      <button type="button" className="button button-primary button-block" onClick={onRetry} disabled={retrying}>
        {t.retry}
      </button>
    </section>
  );
}
