import type { Metadata } from 'next';
import { requireUser } from '../../../_auth/require-user';
import { operatorLangOfRequest, operatorPageMetadata } from '../../_components/operator-language';
import { ReconciliationConsole } from './reconciliation-console';
import { reconciliationMessages } from './reconciliation-messages';

export const generateMetadata = (): Promise<Metadata> => operatorPageMetadata((lang) => reconciliationMessages[lang].title);

/** docs/reconciliation.md: reconciled days and the exceptions queue. */
export default async function Page() {
  await requireUser('operator', '/operator/reconciliation');
  const t = reconciliationMessages[await operatorLangOfRequest()];
  return (
    <>
      <h1>{t.title}</h1>
      <p className="lead">{t.lead}</p>
      <ReconciliationConsole />
    </>
  );
}
