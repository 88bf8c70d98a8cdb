import type { Metadata } from 'next';
import { Suspense } from 'react';
import { requireUser } from '../../_auth/require-user';
import { DisputesQueue } from './_disputes/disputes-queue';
import { disputesMessages } from './_disputes/disputes-messages';
import { operatorLangOfRequest, operatorPageMetadata } from '../_components/operator-language';

export const generateMetadata = (): Promise<Metadata> => operatorPageMetadata((lang) => disputesMessages[lang].title);

export default async function DisputesPage() {
  const user = await requireUser('operator', '/operator');
  const t = disputesMessages[await operatorLangOfRequest()];
  return (
    <>
      <h1>{t.title}</h1>
      <p className="lead">{t.lead}</p>
      <Suspense fallback={<p aria-busy="true">{t.loadingQueue}</p>}>
        <DisputesQueue operatorId={user.id} />
      </Suspense>
    </>
  );
}
