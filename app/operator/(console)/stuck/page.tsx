import type { Metadata } from 'next';
import { requireUser } from '../../../_auth/require-user';
import { StuckPayouts } from './stuck-payouts';
import { stuckMessages } from './stuck-messages';
import { operatorLangOfRequest, operatorPageMetadata } from '../../_components/operator-language';

export const generateMetadata = (): Promise<Metadata> => operatorPageMetadata((lang) => stuckMessages[lang].title);

export default async function Page() {
  await requireUser('operator', '/operator/stuck');
  const t = stuckMessages[await operatorLangOfRequest()];
  return (
    <>
      <h1>{t.title}</h1>
      <StuckPayouts />
    </>
  );
}
