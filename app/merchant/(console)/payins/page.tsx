import type { Metadata } from 'next';
import { requireMerchantUser } from '../../../_auth/require-merchant-user';
import { merchantLangOfRequest } from '../../_components/merchant-language';
import { ordersMessages } from '../../_components/orders-messages';
import { OrdersList, type OrderSearchParams } from '../_orders/orders-list';

export const metadata: Metadata = { title: 'Pay-ins · Merchant console', robots: { index: false } };

export default async function MerchantPayinsPage({ searchParams }: { searchParams: Promise<OrderSearchParams> }) {
  const user = await requireMerchantUser('/merchant/payins', 'orders.read');
  const t = ordersMessages[await merchantLangOfRequest()].orders;
  return (
    <>
      <h1>{t.payinsTitle}</h1>
      <OrdersList flow="payins" params={await searchParams} user={user} t={t} />
    </>
  );
}
