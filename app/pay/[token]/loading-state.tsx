'use client';

import { useMessages } from './messages-context';
import { Spinner } from './spinner';

/**
 * Shown until the order's view arrives. Its line is the page's h1, so the page has a heading from
 * its first paint, as every screen after it does.
 */
export function LoadingState() {
  const { t } = useMessages();
  return (
    <div className="checkout-card checkout-waiting" role="status">
      <Spinner />
      <h1 className="checkout-loading-heading">{t.loading}</h1>
    </div>
  );
}
