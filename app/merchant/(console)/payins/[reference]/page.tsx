import type { Metadata } from 'next';
import Link from 'next/link';
import { hasMerchantPermission } from '../../../../../server/merchant-team/merchant-permissions';
import { requireMerchantUser } from '../../../../_auth/require-merchant-user';
import { merchantCaller, orNotFound } from '../../../_components/merchant-caller';
import { merchantLangOfRequest } from '../../../_components/merchant-language';
import { ordersMessages } from '../../../_components/orders-messages';
import { statusLabel } from '../../../../_components/order-labels';
import { OrderActions } from '../../_orders/order-actions';
import { EvidenceRequests } from '../../_orders/evidence-requests';
import { MerchantConversation } from '../../_orders/merchant-conversation';
import { OrderFields, OrderTimeline, RulingOutcome } from '../../_orders/order-parts';
import { OrderStatus } from '../../_orders/order-status';
import { decodedSegment } from '../../../../_components/decoded-segment';

export const metadata: Metadata = { title: 'Pay-in · Merchant console', robots: { index: false } };

/** One pay-in: its state in words and the next step, the API's detail, cancel while the buyer has not paid, the outcome and the timeline. */
export default async function MerchantPayinPage({ params }: { params: Promise<{ reference: string }> }) {
  const { reference } = await params;
  const user = await requireMerchantUser(`/merchant/payins/${encodeURIComponent(reference)}`, 'orders.read');
  const lang = await merchantLangOfRequest();
  const t = ordersMessages[lang].order;
  const { payin, actions, ruling, timeline } = await orNotFound((await merchantCaller()).merchantOrders.payin({ reference: decodedSegment(reference) }));
  const canDecide = hasMerchantPermission(user.merchantRole, 'orders.decide');
  return (
    <>
      <p>
        <Link href="/merchant/payins">{t.back}</Link>
      </p>
      <h1>
        {t.payinTitle(payin.orderNo)} <span className="tag" data-testid="order-status">{statusLabel(lang, 'payin', payin.status)}</span>
      </h1>
      <OrderStatus flow="payin" order={payin} t={t} />
      {canDecide ? (
        <OrderActions order={{ flow: 'payin', orderNo: payin.orderNo, status: payin.status, usdAmount: payin.usdAmount, usdFeeAmount: payin.usdFeeAmount, fiatAmount: payin.fiatAmount, actions }} />
      ) : (
        <p>{t.readOnly}</p>
      )}
      <EvidenceRequests flow="payin" reference={payin.orderNo} />
      {payin.status === 'DISPUTED' ? <MerchantConversation flow="payin" orderId={payin.id} canSpeak={canDecide} /> : null}
      <RulingOutcome flow="payin" ruling={ruling} entries={timeline} t={t} />
      <OrderFields fields={payin} t={t} />
      <OrderTimeline entries={timeline} t={t} flow="payin" lang={lang} />
    </>
  );
}
