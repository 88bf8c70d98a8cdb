import { z } from 'zod';
import { disputeFlow } from '../orders/order-ref';

/** An operator gives a party more time by at most a day at once (docs/operator-guide.md, "Timers"). */
const MAX_EXTEND_MINUTES = 24 * 60;

export const extendDeadlineInput = z
  .object({
    flow: disputeFlow,
    orderId: z.uuid(),
    minutes: z
      .number()
      .int({ error: 'must be a whole number of minutes' })
      .min(1, { error: `must be 1 to ${MAX_EXTEND_MINUTES} minutes` })
      .max(MAX_EXTEND_MINUTES, { error: `must be 1 to ${MAX_EXTEND_MINUTES} minutes` }),
    reason: z
      .string()
      .trim()
      .min(1, { error: 'say why the deadline moves' })
      .max(500, { error: 'must be at most 500 characters' }),
  })
  .strict();
