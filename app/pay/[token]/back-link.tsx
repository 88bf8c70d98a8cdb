'use client';

import { safeHttpUrl } from './format';
import { useMessages } from './messages-context';
import type { CheckoutView } from './types';

export function BackLink({ view, primary = false }: { view: CheckoutView; primary?: boolean }) {
  const { t } = useMessages();
  const href = safeHttpUrl(view.returnUrl);
  if (!href) return null;
  return (
    // noreferrer: the page's URL is the buyer's bearer token (the site also sends no-referrer).
    <a href={href} rel="noreferrer" className={`button button-block ${primary ? 'button-primary' : 'button-secondary'}`}>
      {t.backTo(view.merchantName)}
    </a>
  );
}
