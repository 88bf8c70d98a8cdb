'use client';

import type { CheckoutBranding } from '../../../server/payins/checkout-page';
import { CheckoutBody } from './checkout-body';
import { CheckoutShell } from './checkout-shell';
import type { Lang } from './language';

/** The buyer's checkout: the merchant's frame around the order's screens. */
export function Checkout({ token, initialLang, branding }: { token: string; initialLang: Lang; branding: CheckoutBranding }) {
  return (
    <CheckoutShell initialLang={initialLang} branding={branding} token={token}>
      <CheckoutBody token={token} />
    </CheckoutShell>
  );
}
