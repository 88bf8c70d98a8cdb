import { z } from 'zod';
import { chainSettings } from '../../../../server/chains/chain-settings';
import { hotWalletSummary } from '../../../../server/withdrawals/hot-wallet-summary';
import { listStuckWithdrawals } from '../../../../server/withdrawals/list-stuck-withdrawals';
import { listWithdrawalsForReview } from '../../../../server/withdrawals/list-withdrawals';
import { resolveWithdrawalCase, resolveWithdrawalCaseInput } from '../../../../server/withdrawals/resolve-withdrawal-case';
import { decideWithdrawalProposal, decideWithdrawalProposalInput, reviewWithdrawal, reviewWithdrawalInput } from '../../../../server/withdrawals/review-withdrawal';
import { operatorProcedure, router } from '../../init';
import { operatorOf } from './actor';
import { listWithdrawalsForReviewOutput } from '../../../../server/withdrawals/list-withdrawals.schema';
import { listStuckWithdrawalsOutput } from '../../../../server/withdrawals/list-stuck-withdrawals.schema';
import { hotWalletSummaryItem } from '../../../../server/withdrawals/hot-wallet-summary.schema';
import { decideWithdrawalProposalOutput, reviewWithdrawalOutput } from '../../../../server/withdrawals/review-withdrawal.schema';
import { resolveWithdrawalCaseOutput } from '../../../../server/withdrawals/resolve-withdrawal-case.schema';

const none = z.object({}).strict();

/**
 * USDT withdrawals waiting for an operator, and failed sends' cases (docs/operator-guide.md,
 * "Withdrawals"). Above the four-eyes threshold a decision is a proposal another operator decides.
 */
export const operatorWithdrawalsRouter = router({
  queue: operatorProcedure.input(none).output(listWithdrawalsForReviewOutput).query(({ ctx }) => listWithdrawalsForReview(ctx.db)),
  // Approved sends that sit in one step too long (the signer down, a send not mined).
  stuck: operatorProcedure.input(none).output(listStuckWithdrawalsOutput).query(({ ctx }) => listStuckWithdrawals(ctx.db)),
  hotWallets: operatorProcedure.input(none).output(z.array(hotWalletSummaryItem)).query(({ ctx }) => hotWalletSummary(ctx.db, chainSettings().chains)),
  review: operatorProcedure.input(reviewWithdrawalInput).output(reviewWithdrawalOutput).mutation(({ ctx, input }) => reviewWithdrawal(ctx.db, { input, operator: operatorOf(ctx) })),
  decideProposal: operatorProcedure.input(decideWithdrawalProposalInput).output(decideWithdrawalProposalOutput).mutation(({ ctx, input }) => decideWithdrawalProposal(ctx.db, { input, operator: operatorOf(ctx) })),
  resolveCase: operatorProcedure.input(resolveWithdrawalCaseInput).output(resolveWithdrawalCaseOutput).mutation(({ ctx, input }) => resolveWithdrawalCase(ctx.db, { ...input, operator: operatorOf(ctx) })),
});
