import type { Metadata } from 'next';
import { requireMerchantUser } from '../../../_auth/require-merchant-user';
import { merchantLangOfRequest } from '../../_components/merchant-language';
import { CheckoutSettingsForm } from './checkout-settings-form';
import { checkoutSettingsMessages } from './messages';

export const metadata: Metadata = { title: 'Checkout · Merchant console', robots: { index: false } };

/** docs/merchant-guide.md, "Checkout settings": the buyer-facing page's name, colour, logo and payer-name question. */
export default async function MerchantCheckoutPage() {
  await requireMerchantUser('/merchant/checkout', 'checkout.manage');
  const t = checkoutSettingsMessages[await merchantLangOfRequest()];
  return (
    <>
      <h1>{t.title}</h1>
      <p className="lead">{t.lead}</p>
      <CheckoutSettingsForm />
    </>
  );
}
