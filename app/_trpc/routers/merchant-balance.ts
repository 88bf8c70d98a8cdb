import { z } from 'zod';
import { listStatement } from '../../../server/balances/list-statement';
import { merchantBalance } from '../../../server/balances/merchant-balance';
import { listStatementQuery } from '../../../server/balances/statement.schema';
import { keyring } from '../../../server/config/keyring';
import { ownerStatementOf } from '../../../server/reports/owner-statement';
import { ownerStatement, statementPeriodInput } from '../../../server/reports/owner-statement.schema';
import { settlementReportOf } from '../../../server/reports/settlement-report';
import { settlementReportQuery } from '../../../server/reports/settlement-report.schema';
import { merchantProcedure, router } from '../init';
import { merchantBalanceResponse } from '../../../server/balances/merchant-balance.schema';
import { statementPageResponse } from '../../../server/balances/statement.schema';
import { signedSettlementReport } from '../../../server/reports/settlement-report.schema';

/**
 * The merchant console's Balance page (docs/merchant-guide.md, "Balance"): the figures and the
 * statement of GET /api/v1/balance and /api/v1/balance/transactions, scoped to the session's
 * merchant. The query takes the REST query's strings, so both read one schema. The CSV export is
 * the route handler app/merchant/(console)/balance/statement.csv/route.ts (a stream, not JSON).
 */
export const merchantBalanceRouter = router({
  balance: merchantProcedure('balance.read')
    .input(z.object({}).strict())
    .output(merchantBalanceResponse)
    .query(({ ctx }) => merchantBalance(ctx.db, ctx.merchantId)),
  statement: merchantProcedure('statements.read')
    .input(listStatementQuery)
    .output(statementPageResponse)
    .query(({ ctx, input }) => listStatement(ctx.db, { merchantId: ctx.merchantId, query: input })),
  /** Opening, credits and debits per reporting category, closing, for any period (docs/ledger.md, "Statements"). */
  periodStatement: merchantProcedure('statements.read')
    .input(statementPeriodInput)
    .output(ownerStatement)
    .output(ownerStatement)
    .query(({ ctx, input }) => ownerStatementOf(ctx.db, { owner: { type: 'merchant', id: ctx.merchantId }, period: input })),
  /** The day's signed settlement report, as GET /api/v1/reports/settlements answers it. */
  settlementReport: merchantProcedure('statements.read')
    .input(settlementReportQuery)
    .output(signedSettlementReport)
    .query(({ ctx, input }) => settlementReportOf(ctx.db, { ring: keyring(), merchantId: ctx.merchantId, date: input.date })),
});
