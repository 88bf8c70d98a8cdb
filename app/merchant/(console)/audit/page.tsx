import type { Metadata } from 'next';
import { requireMerchantUser } from '../../../_auth/require-merchant-user';
import { merchantLangOfRequest } from '../../_components/merchant-language';
import { MerchantAuditLog } from './merchant-audit-log';
import { auditMessages } from './messages';

export const metadata: Metadata = { title: 'Audit log · Merchant console', robots: { index: false } };

/** docs/merchant-guide.md, "The audit log": the merchant's own audit rows (owners). */
export default async function MerchantAuditPage() {
  await requireMerchantUser('/merchant/audit', 'audit.read');
  const t = auditMessages[await merchantLangOfRequest()];
  return (
    <>
      <h1>{t.title}</h1>
      <p className="lead">{t.lead}</p>
      <MerchantAuditLog />
    </>
  );
}
