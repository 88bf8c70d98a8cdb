import { z } from 'zod';
import { merchantBalance } from '../../../../server/balances/merchant-balance';
import { merchantBalanceResponse } from '../../../../server/balances/merchant-balance.schema';
import { defineRoute } from './route-definition';

/** GET /api/v1/balance (docs/api.md, "Balance"). */
export const getBalance = defineRoute({
  operationId: 'getBalance',
  method: 'GET',
  path: 'balance',
  auth: 'merchant',
  scopes: ['balance:read'],
  tag: 'Balance',
  summary: 'Your USDT balance',
  description: 'Available, frozen (payouts in flight) and pending (paid pay-ins not yet settled), read in one snapshot of the ledger.',
  // No parameters: a misspelt one is refused rather than silently ignored.
  query: z.object({}).strict(),
  success: {
    status: 200,
    schema: merchantBalanceResponse,
    description: 'The balance',
    example: { currency: 'USDT', available: '1250.500000', frozen: '143.860000', pending: '68.970000' },
  },
  errors: [],
  handle: async ({ merchant, db }) => ({ body: await merchantBalance(db, merchant.id) }),
});
