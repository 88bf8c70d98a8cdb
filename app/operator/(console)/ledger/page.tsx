import type { Metadata } from 'next';
import { requireUser } from '../../../_auth/require-user';
import { LedgerStatus } from './ledger-status';

export const metadata: Metadata = { title: 'Ledger · Operator console', robots: { index: false } };

export default async function Page() {
  await requireUser('operator', '/operator/ledger');
  return (
    <>
      <h1>Ledger</h1>
      <LedgerStatus />
    </>
  );
}
