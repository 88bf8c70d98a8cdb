import { z } from 'zod';
import { lastLedgerCheck, runFullLedgerCheck } from '../../../../server/ledger/run-invariant-check';
import { operatorProcedure, router } from '../../init';
import { invariantReport } from '../../../../server/ledger/check-invariants.schema';
import { lastLedgerCheckOutput } from '../../../../server/ledger/run-invariant-check.schema';

/** The ledger's invariant checks: a full one on demand and the last scheduled one (docs/operations.md). */
export const operatorLedgerRouter = router({
  // The full check, recorded beside the scheduled ones (docs/operations.md).
  check: operatorProcedure.input(z.object({}).strict()).output(invariantReport).query(async ({ ctx }) => (await runFullLedgerCheck(ctx.db)).report),
  lastScheduledCheck: operatorProcedure.input(z.object({}).strict()).output(lastLedgerCheckOutput.extend({ createdAt: z.string() }).nullable()).query(async ({ ctx }) => {
    const check = await lastLedgerCheck(ctx.db, 'incremental');
    return check ? { ...check, createdAt: check.createdAt.toISOString() } : null;
  }),
});
