import type { Metadata } from 'next';
import { requireUser } from '../../../_auth/require-user';
import { RecoveryCodes } from './recovery-codes';
import { securityMessages } from './security-messages';
import { operatorLangOfRequest, operatorPageMetadata } from '../../_components/operator-language';

export const generateMetadata = (): Promise<Metadata> => operatorPageMetadata((lang) => securityMessages[lang].title);

export default async function SecurityPage() {
  await requireUser('operator', '/operator/security');
  const t = securityMessages[await operatorLangOfRequest()];
  return (
    <>
      <h1>{t.title}</h1>
      <p className="lead">{t.lead}</p>
      <RecoveryCodes />
    </>
  );
}
