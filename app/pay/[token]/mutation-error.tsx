'use client';

import { useMessages } from './messages-context';
import type { CheckoutError } from './types';

export function MutationError({ error, id }: { error: CheckoutError | null; id?: string }) {
  const { t } = useMessages();
  if (!error) return null;
  return (
    <p id={id} className="checkout-error" role="alert">
      {t.describeError(error.data?.code, error.message)}
    </p>
  );
}
