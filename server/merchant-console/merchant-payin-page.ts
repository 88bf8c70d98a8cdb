import type { Executor } from '../../db/client';
import { payinRulingOf } from '../payins/payin-ruling';
import { findMerchantPayin } from '../payins/find-payin';
import { payinDetailView } from '../payins/payin-view';
import { actionsFrom } from '../orders/machine';
import { payinMachine } from '../payins/payin-machine';
import { merchantOrderTimeline } from './merchant-order-timeline';

/**
 * The console's pay-in page: the API's detail (GET /api/v1/orders/:orderNo), the merchant's actions
 * from its status (the state machine's), what an operator's ruling credited (null before one) and the timeline.
 */
export async function merchantPayinPage(db: Executor, options: { merchantId: string; reference: string }) {
  const order = await findMerchantPayin(db, options.merchantId, options.reference);
  return {
    payin: payinDetailView(order),
    actions: actionsFrom(payinMachine, order.status, 'merchant'),
    ruling: payinRulingOf(order),
    timeline: await merchantOrderTimeline(db, { orderId: order.id }),
  };
}
