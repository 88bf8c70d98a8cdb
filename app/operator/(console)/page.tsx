import type { Metadata } from 'next';
import { requireUser } from '../../_auth/require-user';
import { DisputesQueue } from './_disputes/disputes-queue';

export const metadata: Metadata = { title: 'Disputes · Operator console', robots: { index: false } };

export default async function DisputesPage() {
  await requireUser('operator', '/operator');
  return (
    <>
      <h1>Disputes</h1>
      <p className="lead">Disputed payouts and pay-ins, oldest first. Claim a case before ruling on it.</p>
      <DisputesQueue />
    </>
  );
}
