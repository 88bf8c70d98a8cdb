import type { Metadata } from 'next';
import { requireUser } from '../../../_auth/require-user';
import { operatorLangOfRequest, operatorPageMetadata } from '../../_components/operator-language';
import { DepositsConsole } from './deposits-console';
import { depositsMessages } from './deposits-messages';

export const generateMetadata = (): Promise<Metadata> => operatorPageMetadata((lang) => depositsMessages[lang].title);

/** docs/wallet.md: every deposit, held ones to resolve, reorg cases, and each chain watcher's lag. */
export default async function Page() {
  await requireUser('operator', '/operator/deposits');
  const t = depositsMessages[await operatorLangOfRequest()];
  return (
    <>
      <h1>{t.title}</h1>
      <p className="lead">{t.lead}</p>
      <DepositsConsole />
    </>
  );
}
