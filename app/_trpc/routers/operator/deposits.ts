import { z } from 'zod';
import { chainSettings } from '../../../../server/chains/chain-settings';
import { listOpenReorgCases } from '../../../../server/deposits/list-reorg-cases';
import { listOperatorDeposits, operatorDepositsInput } from '../../../../server/deposits/operator-deposits';
import { resolveHeldDeposit, resolveHeldDepositInput } from '../../../../server/deposits/resolve-held-deposit';
import { resolveReorgCase, resolveReorgCaseInput } from '../../../../server/deposits/resolve-reorg-case';
import { watcherLag } from '../../../../server/deposits/watcher-lag';
import { operatorProcedure, router } from '../../init';
import { actorOf } from './actor';
import { listOperatorDepositsOutput } from '../../../../server/deposits/operator-deposits.schema';
import { depositResponse } from '../../../../server/deposits/deposit.schema';
import { listOpenReorgCasesItem } from '../../../../server/deposits/list-reorg-cases.schema';
import { resolveReorgCaseOutput } from '../../../../server/deposits/resolve-reorg-case.schema';
import { watcherLagItem } from '../../../../server/deposits/watcher-lag.schema';

/** USDT in from the chains (docs/wallet.md): every deposit, held ones to resolve, reorg cases, the watcher's lag. */
export const operatorDepositsRouter = router({
  list: operatorProcedure.input(operatorDepositsInput).output(listOperatorDepositsOutput).query(({ ctx, input }) => listOperatorDeposits(ctx.db, input)),
  resolveHeld: operatorProcedure.input(resolveHeldDepositInput).output(depositResponse).mutation(({ ctx, input }) => resolveHeldDeposit(ctx.db, input, actorOf(ctx))),
  reorgCases: operatorProcedure.input(z.object({}).strict()).output(z.array(listOpenReorgCasesItem.extend({ openedAt: z.string(), resolvedAt: z.string().nullable() }))).query(async ({ ctx }) =>
    (await listOpenReorgCases(ctx.db)).map((row) => ({ ...row, openedAt: row.openedAt.toISOString(), resolvedAt: row.resolvedAt?.toISOString() ?? null })),
  ),
  resolveReorg: operatorProcedure.input(resolveReorgCaseInput).output(resolveReorgCaseOutput).mutation(({ ctx, input }) => resolveReorgCase(ctx.db, input, actorOf(ctx))),
  lag: operatorProcedure.input(z.object({}).strict()).output(z.array(watcherLagItem)).query(() => watcherLag(chainSettings().chains)),
});
