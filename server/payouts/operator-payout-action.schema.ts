import { z } from 'zod';

/** An operator's reassign or cancel of a stuck payout: the order and why (kept in the timeline and audit log). */
export const operatorPayoutActionInput = z
  .object({
    orderId: z.uuid(),
    note: z.string().trim().min(1, { error: 'is required' }).max(1000),
  })
  .strict();
export type OperatorPayoutActionInput = z.input<typeof operatorPayoutActionInput>;
