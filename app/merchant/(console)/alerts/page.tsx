import type { Metadata } from 'next';
import { requireMerchantUser } from '../../../_auth/require-merchant-user';
import { AlertSettings } from '../../../_components/alerts/alert-settings-form';
import { alertSettingsMessages } from '../../../_components/alerts/alert-settings-messages';
import { merchantLangOfRequest } from '../../_components/merchant-language';

export const metadata: Metadata = { title: 'Alerts · Merchant console', robots: { index: false } };

/** A staff member's own alerts (docs/alerts.md): payout proofs to confirm. Every role has one. */
export default async function MerchantAlertsPage() {
  await requireMerchantUser('/merchant/alerts');
  const lang = await merchantLangOfRequest();
  return (
    <>
      <h1>{alertSettingsMessages[lang].title}</h1>
      <AlertSettings lang={lang} />
    </>
  );
}
