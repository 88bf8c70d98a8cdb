import type { Metadata } from 'next';
import { requireUser } from '../../../_auth/require-user';
import { TradersConsole } from './traders-console';
import { tradersMessages } from './traders-messages';
import { operatorLangOfRequest, operatorPageMetadata } from '../../_components/operator-language';

export const generateMetadata = (): Promise<Metadata> => operatorPageMetadata((lang) => tradersMessages[lang].title);

export default async function Page() {
  await requireUser('operator', '/operator/traders');
  const t = tradersMessages[await operatorLangOfRequest()];
  return (
    <>
      <h1>{t.title}</h1>
      <TradersConsole />
    </>
  );
}
