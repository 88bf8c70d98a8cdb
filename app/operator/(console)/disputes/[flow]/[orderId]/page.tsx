import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { requireUser } from '../../../../../_auth/require-user';
import { CaseView } from '../../../_disputes/case-view';

export const metadata: Metadata = { title: 'Dispute case · Operator console', robots: { index: false } };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function DisputeCasePage({ params }: { params: Promise<{ flow: string; orderId: string }> }) {
  const { flow, orderId } = await params;
  const user = await requireUser('operator', `/operator/disputes/${encodeURIComponent(flow)}/${encodeURIComponent(orderId)}`);
  if ((flow !== 'payout' && flow !== 'payin') || !UUID.test(orderId)) notFound();
  return <CaseView flow={flow} orderId={orderId} operatorId={user.id} />;
}
