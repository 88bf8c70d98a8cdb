import { z } from 'zod';
import { listWithdrawalsForReview } from '../../../../server/withdrawals/list-withdrawals';
import { resolveWithdrawalCase, resolveWithdrawalCaseInput } from '../../../../server/withdrawals/resolve-withdrawal-case';
import { decideWithdrawalProposal, decideWithdrawalProposalInput, reviewWithdrawal, reviewWithdrawalInput } from '../../../../server/withdrawals/review-withdrawal';
import { operatorProcedure, router } from '../../init';
import { operatorOf } from './actor';

/**
 * USDT withdrawals waiting for an operator, and failed sends' cases (docs/operator-guide.md,
 * "Withdrawals"). Above the four-eyes threshold a decision is a proposal another operator decides.
 */
export const operatorWithdrawalsRouter = router({
  queue: operatorProcedure.input(z.object({}).strict()).query(({ ctx }) => listWithdrawalsForReview(ctx.db)),
  review: operatorProcedure.input(reviewWithdrawalInput).mutation(({ ctx, input }) => reviewWithdrawal(ctx.db, input, operatorOf(ctx))),
  decideProposal: operatorProcedure.input(decideWithdrawalProposalInput).mutation(({ ctx, input }) => decideWithdrawalProposal(ctx.db, input, operatorOf(ctx))),
  resolveCase: operatorProcedure.input(resolveWithdrawalCaseInput).mutation(({ ctx, input }) => resolveWithdrawalCase(ctx.db, input, operatorOf(ctx))),
});
