import type { Metadata } from 'next';
import { requireUser } from '../../../_auth/require-user';
import { MerchantsConsole } from './merchants-console';
import { merchantsMessages } from './merchants-messages';
import { operatorLangOfRequest, operatorPageMetadata } from '../../_components/operator-language';

export const generateMetadata = (): Promise<Metadata> => operatorPageMetadata((lang) => merchantsMessages[lang].title);

export default async function MerchantsPage() {
  await requireUser('operator', '/operator/merchants');
  const t = merchantsMessages[await operatorLangOfRequest()];
  return (
    <>
      <h1>{t.title}</h1>
      <MerchantsConsole />
    </>
  );
}
