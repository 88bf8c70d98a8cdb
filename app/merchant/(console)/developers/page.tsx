import type { Metadata } from 'next';
import { env } from '../../../../config/env';
import { requireMerchantUser } from '../../../_auth/require-merchant-user';
import { merchantLangOfRequest } from '../../_components/merchant-language';
import { grantableScopes } from '../../../../server/api-keys/grantable-scopes';
import { hasMerchantPermission } from '../../../../server/merchant-team/merchant-permissions';
import { KeysPanel } from './keys-panel';
import { developersMessages } from './messages';
import { SigningExample } from './signing-example';
import { WebhookPanel } from './webhook-panel';

export const metadata: Metadata = { title: 'Developers · Merchant console', robots: { index: false } };

/** docs/merchant-guide.md, "Developers": keys, the webhook endpoint and its log, a signing example. */
export default async function MerchantDevelopersPage() {
  const user = await requireMerchantUser('/merchant/developers', 'keys.manage');
  const t = developersMessages[await merchantLangOfRequest()];
  return (
    <>
      <h1>{t.title}</h1>
      <p className="lead">{t.lead}</p>
      <KeysPanel grantable={grantableScopes(user.merchantRole)} />
      {hasMerchantPermission(user.merchantRole, 'webhooks.manage') ? <WebhookPanel /> : null}
      <SigningExample baseUrl={env().PUBLIC_BASE_URL.replace(/\/$/, '')} />
    </>
  );
}
