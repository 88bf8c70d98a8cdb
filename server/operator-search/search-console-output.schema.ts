import { z } from 'zod';
import { disputeFlow } from '../orders/order-ref';

export const searchConsoleOutput = z.object({
  query: z.string(),
  results: z.array(z.union([z.object({
    kind: z.literal('order'),
    flow: disputeFlow,
    orderId: z.string(),
    orderNo: z.string(),
    merchantOrderNo: z.string(),
    status: z.string(),
    merchantName: z.string(),
    traderName: z.string().nullable(),
    fiatAmount: z.string(),
    matched: z.enum(['orderId', 'orderNo', 'merchantOrderNo', 'last4Amount']),
    href: z.string(),
  }), z.object({
    kind: z.enum(['trader', 'merchant']),
    id: z.string(),
    name: z.string(),
    href: z.string(),
  })])),
});
