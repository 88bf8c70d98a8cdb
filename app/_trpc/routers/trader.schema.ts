import { z } from 'zod';
import { accountLimitsInput } from '../../../server/routing/set-account-limits';

// The inputs of the trader dashboard's procedures; unknown fields are refused (.strict()).

const pageInput = {
  page: z.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
};

export const orderInput = z.object({ orderId: z.uuid({ error: 'must be an order id' }) }).strict();

export const poolInput = z.object(pageInput).strict();

export const payoutsInput = z.object({ group: z.enum(['open', 'closed']), ...pageInput }).strict();

export const payinsInput = z.object({ group: z.enum(['open', 'closed']), ...pageInput }).strict();

export const ledgerInput = z.object(pageInput).strict();

export const onlineInput = z.object({ online: z.boolean() }).strict();

export const notReceivedInput = z
  .object({ orderId: z.uuid({ error: 'must be an order id' }), reason: z.string().trim().min(1, { error: 'Give a reason.' }).max(500) })
  .strict();

export const bankAccountIdInput = z.object({ bankAccountId: z.uuid({ error: 'must be a bank account id' }) }).strict();

/** One receiving account's limits (docs/routing.md, "Account limits"). */
export const setAccountLimitsInput = accountLimitsInput.extend({ bankAccountId: z.uuid({ error: 'must be a bank account id' }) }).strict();
