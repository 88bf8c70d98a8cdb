import { notFound, redirect } from 'next/navigation';
import { getDatabase } from '../../../../../db';
import { findOrderByNumber } from '../../../../../server/operator-search/find-order-by-number';
import { requireUser } from '../../../../_auth/require-user';
import { decodedSegment } from '../../../../_components/decoded-segment';

/** A direct link by order number, `/operator/orders/WD…`: opens the order's case page. */
export default async function OrderByNumberPage({ params }: { params: Promise<{ orderNo: string }> }) {
  const { orderNo } = await params;
  await requireUser('operator', `/operator/orders/${encodeURIComponent(orderNo)}`);
  const order = await findOrderByNumber((await getDatabase()).db, { orderNo: decodedSegment(orderNo) });
  if (!order) notFound();
  redirect(`/operator/disputes/${order.flow}/${order.orderId}`);
}
