import { z } from 'zod';
import { getReadDatabase } from '../../../../db';
import { merchantBalance } from '../../../../server/balances/merchant-balance';
import { merchantBalanceResponse } from '../../../../server/balances/merchant-balance.schema';
import { listStatement } from '../../../../server/balances/list-statement';
import { exportStatementQuery, listStatementQuery, statementPageResponse } from '../../../../server/balances/statement.schema';
import { streamStatementCsv } from '../../../../server/balances/stream-statement-csv';
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

/** GET /api/v1/balance/transactions (docs/api.md, "Statement"): JSON pages, or the whole statement as streamed CSV. */
export const listBalanceTransactions = defineRoute({
  operationId: 'listBalanceTransactions',
  method: 'GET',
  path: 'balance/transactions',
  auth: 'merchant',
  scopes: ['balance:read'],
  tag: 'Balance',
  summary: 'Your statement: every movement of your balance',
  description:
    'The postings of your available and frozen accounts, newest first, each with its order, amount, fee and the balance right after it. Page with limit and startingAfter = the nextCursor of the previous page. With Accept: text/csv, the whole statement (filters apply) streams as CSV, oldest first.',
  query: listStatementQuery,
  success: {
    status: 200,
    schema: statementPageResponse,
    description: 'A page of entries, newest first (or, with Accept: text/csv, the CSV export)',
    example: {
      items: [
        {
          id: '48213',
          account: 'frozen',
          type: 'payout_release',
          amount: '-140.890000',
          fee: '0.500000',
          balanceAfter: '0.000000',
          flow: 'payout',
          orderId: '0b8e3c1e-8f2a-4a53-9d1b-2f6f3b0b8f10',
          orderNo: 'WD20261123004211983571',
          merchantOrderNo: 'W-10001',
          createdAt: '2026-11-23T08:41:07.512Z',
        },
      ],
      hasMore: true,
      nextCursor: '48213',
    },
  },
  errors: [],
  streamed: {
    contentType: 'text/csv',
    description: 'Every entry the filters keep, oldest first, with a header row (docs/api.md, "Export as CSV").',
    example:
      'id,created_at,account,type,amount,fee,balance_after,flow,order_no,merchant_order_no\r\n48190,2026-11-23T08:00:00.118Z,available,payout_freeze,-140.890000,0.000000,1109.610000,payout,WD20261123004211983571,W-10001\r\n',
    filename: 'corridor-statement.csv',
    query: exportStatementQuery,
    // A statement is history: it may come from a standby seconds behind (docs/deploy.md, "Reads off the primary").
    handle: async ({ merchant, query }) => streamStatementCsv((await getReadDatabase()).db, { merchantId: merchant.id, filters: query }),
  },
  handle: async ({ merchant, query, db }) => ({ body: await listStatement(db, { merchantId: merchant.id, query }) }),
});
