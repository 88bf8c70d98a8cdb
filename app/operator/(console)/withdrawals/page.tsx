import type { Metadata } from 'next';
import { requireUser } from '../../../_auth/require-user';
import { operatorLangOfRequest, operatorPageMetadata } from '../../_components/operator-language';
import { WithdrawalsConsole } from './withdrawals-console';
import { operatorWithdrawalsMessages } from './withdrawals-messages';

export const generateMetadata = (): Promise<Metadata> => operatorPageMetadata((lang) => operatorWithdrawalsMessages[lang].title);

/** docs/operator-guide.md, "Withdrawals": the queue, four-eyes proposals, stuck and failed sends, and the hot wallets. */
export default async function Page() {
  const user = await requireUser('operator', '/operator/withdrawals');
  const t = operatorWithdrawalsMessages[await operatorLangOfRequest()];
  return (
    <>
      <h1>{t.title}</h1>
      <p className="lead">{t.lead}</p>
      <WithdrawalsConsole operatorId={user.id} />
    </>
  );
}
