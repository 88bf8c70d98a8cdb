import { z } from 'zod';
import { latestSolvencyChecks } from '../../../../server/solvency/list-solvency-checks';
import { operatorProcedure, router } from '../../init';
import { latestSolvencyChecksItem } from '../../../../server/solvency/list-solvency-checks.schema';

/** On-chain USDT against what the ledger owes, newest first (docs/wallet.md, "Solvency check"). */
export const operatorSolvencyRouter = router({
  latest: operatorProcedure.input(z.object({}).strict()).output(z.array(latestSolvencyChecksItem.extend({ runAt: z.string() }))).query(async ({ ctx }) =>
    (await latestSolvencyChecks(ctx.db, 10)).map((check) => ({ ...check, runAt: check.runAt.toISOString() })),
  ),
});
