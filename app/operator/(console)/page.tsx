import type { Metadata } from 'next';
import { Suspense } from 'react';
import { requireUser } from '../../_auth/require-user';
import { DisputesQueue } from './_disputes/disputes-queue';

export const metadata: Metadata = { title: 'Disputes · Operator console', robots: { index: false } };

export default async function DisputesPage() {
  const user = await requireUser('operator', '/operator');
  return (
    <>
      <h1>Disputes</h1>
      <p className="lead">Disputed payouts and pay-ins, the nearest due-by time first. Claim a case before ruling on it.</p>
      <Suspense fallback={<p aria-busy="true">Loading the queue…</p>}>
        <DisputesQueue operatorId={user.id} />
      </Suspense>
    </>
  );
}
