import {
  listReconciliationItems,
  listReconciliationRuns,
  reconciliationItemsInput,
  reconciliationRunsInput,
} from '../../../../server/reconciliation/list-reconciliation';
import { resolveReconciliationItem, resolveReconciliationItemInput } from '../../../../server/reconciliation/resolve-item';
import { operatorProcedure, router } from '../../init';
import { actorOf } from './actor';
import { listReconciliationItemsOutput, listReconciliationRunsOutput, reconciliationItemViewOutput } from '../../../../server/reconciliation/list-reconciliation.schema';

/** Reconciled days and the exceptions queue (docs/reconciliation.md); resolving never touches the ledger. */
export const operatorReconciliationRouter = router({
  runs: operatorProcedure.input(reconciliationRunsInput).output(listReconciliationRunsOutput).query(({ ctx, input }) => listReconciliationRuns(ctx.db, input)),
  items: operatorProcedure.input(reconciliationItemsInput).output(listReconciliationItemsOutput).query(({ ctx, input }) => listReconciliationItems(ctx.db, input)),
  resolve: operatorProcedure.input(resolveReconciliationItemInput).output(reconciliationItemViewOutput).mutation(({ ctx, input }) => resolveReconciliationItem(ctx.db, { ...input, actor: actorOf(ctx) })),
});
