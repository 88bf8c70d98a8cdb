import type { Metadata } from 'next';
import { requireUser } from '../../../_auth/require-user';
import { AuditLog } from './audit-log';
import { auditMessages } from './audit-messages';
import { operatorLangOfRequest, operatorPageMetadata } from '../../_components/operator-language';

export const generateMetadata = (): Promise<Metadata> => operatorPageMetadata((lang) => auditMessages[lang].title);

export default async function Page() {
  await requireUser('operator', '/operator/audit');
  const t = auditMessages[await operatorLangOfRequest()];
  return (
    <>
      <h1>{t.title}</h1>
      <AuditLog />
    </>
  );
}
