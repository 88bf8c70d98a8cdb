import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getDatabase } from '../../../../../../db';
import { findOrderByNumber } from '../../../../../../server/operator-search/find-order-by-number';
import { requireUser } from '../../../../../_auth/require-user';
import { CaseView } from '../../../_disputes/case-view';
import { decodedSegment } from '../../../../../_components/decoded-segment';
import { disputesMessages } from '../../../_disputes/disputes-messages';
import { operatorPageMetadata } from '../../../../_components/operator-language';

export const generateMetadata = (): Promise<Metadata> => operatorPageMetadata((lang) => disputesMessages[lang].caseTitle);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function DisputeCasePage({ params }: { params: Promise<{ flow: string; orderId: string }> }) {
  const { flow, orderId } = await params;
  const user = await requireUser('operator', `/operator/disputes/${encodeURIComponent(flow)}/${encodeURIComponent(orderId)}`);
  if (flow !== 'payout' && flow !== 'payin') notFound();
  if (!UUID.test(orderId)) {
    // An order number in place of the id (`/operator/disputes/payout/WD…`): the same case, by its id.
    const order = await findOrderByNumber((await getDatabase()).db, { orderNo: decodedSegment(orderId) });
    if (!order || order.flow !== flow) notFound();
    redirect(`/operator/disputes/${order.flow}/${order.orderId}`);
  }
  return <CaseView flow={flow} orderId={orderId} operatorId={user.id} />;
}
