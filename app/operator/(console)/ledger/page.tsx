import type { Metadata } from 'next';
import { requireUser } from '../../../_auth/require-user';
import { LedgerStatus } from './ledger-status';
import { SolvencyStatus } from './solvency-status';
import { ledgerMessages } from './ledger-messages';
import { operatorLangOfRequest, operatorPageMetadata } from '../../_components/operator-language';

export const generateMetadata = (): Promise<Metadata> => operatorPageMetadata((lang) => ledgerMessages[lang].title);

export default async function Page() {
  await requireUser('operator', '/operator/ledger');
  const t = ledgerMessages[await operatorLangOfRequest()];
  return (
    <>
      <h1>{t.title}</h1>
      <LedgerStatus />
      <SolvencyStatus />
    </>
  );
}
