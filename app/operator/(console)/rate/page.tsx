import type { Metadata } from 'next';
import { requireUser } from '../../../_auth/require-user';
import { ReferenceRate } from './reference-rate';
import { rateMessages } from './rate-messages';
import { operatorLangOfRequest, operatorPageMetadata } from '../../_components/operator-language';

export const generateMetadata = (): Promise<Metadata> => operatorPageMetadata((lang) => rateMessages[lang].title);

export default async function Page() {
  await requireUser('operator', '/operator/rate');
  const t = rateMessages[await operatorLangOfRequest()];
  return (
    <>
      <h1>{t.title}</h1>
      <ReferenceRate />
    </>
  );
}
