'use client';

import type { CheckoutBranding } from '../../../server/payins/checkout-page';
import { CheckoutBody } from './checkout-body';
import { CheckoutShell } from './checkout-shell';
import type { Lang } from './language';
import type { InitialCheckout } from './types';

/** The buyer's checkout: the merchant's frame around the order's screens. */
export function Checkout({
  token,
  initialLang,
  branding,
  initial,
  renderTimeZone,
}: {
  token: string;
  initialLang: Lang;
  branding: CheckoutBranding;
  initial: InitialCheckout;
  renderTimeZone: string | undefined;
}) {
  return (
    <CheckoutShell initialLang={initialLang} branding={branding} token={token} renderTimeZone={renderTimeZone}>
      <CheckoutBody token={token} initial={initial} />
    </CheckoutShell>
  );
}
