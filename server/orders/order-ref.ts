import { z } from 'zod';
import { payinOrders, payoutOrders } from '../../db/schema';

/** The order flows a dispute, a timer adjustment and the timeline address by name. */
export const disputeFlow = z.enum(['payout', 'payin']);
export type DisputeFlow = z.infer<typeof disputeFlow>;

/** One disputed order of either flow, as the console addresses it. */
export const disputeRef = z.object({ flow: disputeFlow, orderId: z.uuid() }).strict();
export type DisputeRef = z.infer<typeof disputeRef>;

/** The order table of a flow (both carry status, claimedBy, disputedAt and the rest a case needs). */
export function orderTableOf(flow: DisputeFlow) {
  return flow === 'payout' ? payoutOrders : payinOrders;
}
