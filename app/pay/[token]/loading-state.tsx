'use client';

import { useMessages } from './messages-context';
import { Spinner } from './spinner';

export function LoadingState() {
  const { t } = useMessages();
  return (
    <div className="checkout-card checkout-waiting" role="status">
      <Spinner />
      <p>{t.loading}</p>
    </div>
  );
}
