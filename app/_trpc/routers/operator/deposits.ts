import { z } from 'zod';
import { chainSettings } from '../../../../server/chains/chain-settings';
import { listOpenReorgCases } from '../../../../server/deposits/list-reorg-cases';
import { listOperatorDeposits, operatorDepositsInput } from '../../../../server/deposits/operator-deposits';
import { resolveHeldDeposit, resolveHeldDepositInput } from '../../../../server/deposits/resolve-held-deposit';
import { resolveReorgCase, resolveReorgCaseInput } from '../../../../server/deposits/resolve-reorg-case';
import { watcherLag } from '../../../../server/deposits/watcher-lag';
import { operatorProcedure, router } from '../../init';
import { actorOf } from './actor';

/** USDT in from the chains (docs/wallet.md): every deposit, held ones to resolve, reorg cases, the watcher's lag. */
export const operatorDepositsRouter = router({
  list: operatorProcedure.input(operatorDepositsInput).query(({ ctx, input }) => listOperatorDeposits(ctx.db, input)),
  resolveHeld: operatorProcedure.input(resolveHeldDepositInput).mutation(({ ctx, input }) => resolveHeldDeposit(ctx.db, input, actorOf(ctx))),
  reorgCases: operatorProcedure.input(z.object({}).strict()).query(async ({ ctx }) =>
    (await listOpenReorgCases(ctx.db)).map((row) => ({ ...row, openedAt: row.openedAt.toISOString(), resolvedAt: row.resolvedAt?.toISOString() ?? null })),
  ),
  resolveReorg: operatorProcedure.input(resolveReorgCaseInput).mutation(({ ctx, input }) => resolveReorgCase(ctx.db, input, actorOf(ctx))),
  lag: operatorProcedure.input(z.object({}).strict()).query(() => watcherLag(chainSettings().chains)),
});
