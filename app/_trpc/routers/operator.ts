import { z } from 'zod';
import { issueMerchantApiKey, issueMerchantApiKeyInput } from '../../../server/api-keys/issue-merchant-api-key';
import { revokeApiKeyAudited, revokeApiKeyInput } from '../../../server/api-keys/revoke-api-key-audited';
import { auditQueryInput, queryAuditLog } from '../../../server/audit/query-audit-log';
import { confirmTotpEnrolment, startTotpEnrolment } from '../../../server/auth/totp-enrolment';
import { countRecoveryCodes } from '../../../server/auth/count-recovery-codes';
import { regenerateRecoveryCodes } from '../../../server/auth/regenerate-recovery-codes';
import { totpQrCode } from '../../../server/auth/totp-qr-code';
import { adjustBalance, adjustBalanceInput } from '../../../server/balances/adjust-balance';
import { claimDispute, releaseDisputeClaim } from '../../../server/disputes/claim-dispute';
import { disputeRef } from '../../../server/orders/order-ref';
import { getDisputeCase } from '../../../server/disputes/get-dispute-case';
import { bulkClaimDisputes } from '../../../server/disputes/bulk-claim-disputes';
import { bulkClaimInput } from '../../../server/disputes/bulk-claim.schema';
import { bulkReleaseDisputes } from '../../../server/disputes/bulk-release-disputes';
import { claimNextDispute } from '../../../server/disputes/claim-next-dispute';
import { listDisputes } from '../../../server/disputes/list-disputes';
import { disputeQueueFilters, listDisputesInput } from '../../../server/disputes/list-disputes.schema';
import { deleteQueueView } from '../../../server/operator-views/delete-queue-view';
import { listQueueViews } from '../../../server/operator-views/list-queue-views';
import { deleteQueueViewInput, saveQueueViewInput } from '../../../server/operator-views/queue-view.schema';
import { saveQueueView } from '../../../server/operator-views/save-queue-view';
import { searchConsole } from '../../../server/operator-search/search-console';
import { searchConsoleInput } from '../../../server/operator-search/search-console.schema';
import { auditActorOf, type OperatorActor } from '../../../server/audit/operator-actor';
import { ruleDispute, ruleDisputeInput } from '../../../server/disputes/rule-dispute';
import { decideRulingProposal, decideRulingProposalInput } from '../../../server/disputes/decide-ruling-proposal';
import { fourEyesThreshold } from '../../../server/disputes/four-eyes-threshold';
import { getRulingContext, previewSplit } from '../../../server/disputes/get-ruling-context';
import { lastLedgerCheck, runFullLedgerCheck } from '../../../server/ledger/run-invariant-check';
import { latestSolvencyChecks } from '../../../server/solvency/list-solvency-checks';
import { chainSettings } from '../../../server/chains/chain-settings';
import { listOpenReorgCases } from '../../../server/deposits/list-reorg-cases';
import { listOperatorDeposits, operatorDepositsInput } from '../../../server/deposits/operator-deposits';
import { resolveHeldDeposit, resolveHeldDepositInput } from '../../../server/deposits/resolve-held-deposit';
import { resolveReorgCase, resolveReorgCaseInput } from '../../../server/deposits/resolve-reorg-case';
import { watcherLag } from '../../../server/deposits/watcher-lag';
import { createMerchant } from '../../../server/merchants/create-merchant';
import { listMerchants } from '../../../server/merchants/list-merchants';
import { createMerchantOwner } from '../../../server/merchant-team/create-merchant-owner';
import { createMerchantOwnerInput } from '../../../server/merchant-team/merchant-team.schema';
import { createMerchantInput, merchantSettingsInput } from '../../../server/merchants/merchant-settings.schema';
import { webhookUrl } from '../../../server/webhooks/webhook-url';
import { updateMerchantSettings } from '../../../server/merchants/update-merchant-settings';
import { checkoutLogoInput, logoBytesOf } from '../../../server/merchants/checkout-logo.schema';
import { checkoutSettingsInput } from '../../../server/merchants/checkout-settings.schema';
import { setCheckoutLogo } from '../../../server/merchants/set-checkout-logo';
import { checkoutSettingsOf, updateCheckoutSettings } from '../../../server/merchants/update-checkout-settings';
import { cancelPayout } from '../../../server/payouts/cancel-payout';
import { listStuckPayouts } from '../../../server/payouts/list-stuck-payouts';
import { operatorPayoutActionInput } from '../../../server/payouts/operator-payout-action.schema';
import { reassignPayout } from '../../../server/payouts/reassign-payout';
import { clearReferenceRateOverride, referenceRateStatus, setReferenceRateOverride } from '../../../server/quotes/reference-rate-override';
import { createTrader } from '../../../server/traders/create-trader';
import { listTraders } from '../../../server/traders/list-traders';
import { setTraderStatus, setTraderStatusInput } from '../../../server/traders/set-trader-status';
import { createTraderInput } from '../../../server/traders/trader.schema';
import { setWebhookEndpoint } from '../../../server/webhooks/set-webhook-endpoint';
import { clientAddressOf } from '../../../server/http/client-address';
import { enrollingOperatorProcedure, operatorProcedure, router } from '../init';
import { notificationStats } from '../../../server/notifications/notification-stats';
import { operatorControlsRouter } from './operator-controls';
import { operatorWithdrawalsRouter } from './operator-withdrawals';
import { operatorDisputeProcessRouter } from './operator-dispute-process';

/** The operator and the address they act from, for the claim and the audit log. */
function operatorOf(ctx: { operatorId: string; headers: Headers }): OperatorActor {
  return { id: ctx.operatorId, ip: clientAddressOf(ctx.headers) };
}
const actorOf = (ctx: { operatorId: string; headers: Headers }) => auditActorOf(operatorOf(ctx));

/** The operator console's procedures (operatorProcedure: signed in with a second factor). */
export const operatorRouter = router({
  enrolment: router({
    start: enrollingOperatorProcedure.input(z.object({}).strict()).mutation(async ({ ctx }) => {
      const enrolment = await startTotpEnrolment(ctx.db, ctx.operatorId);
      return { ...enrolment, qrCode: await totpQrCode({ otpauthUrl: enrolment.otpauthUrl }) };
    }),
    confirm: enrollingOperatorProcedure
      .input(z.object({ code: z.string().trim().max(12) }).strict())
      .mutation(async ({ ctx, input }) => {
        await confirmTotpEnrolment(ctx.db, ctx.operatorId, input.code);
        return { enrolled: true };
      }),
  }),

  // One-time codes for signing in without the phone (docs/security.md, "Recovery codes").
  recoveryCodes: router({
    status: operatorProcedure.input(z.object({}).strict()).query(({ ctx }) => countRecoveryCodes(ctx.db, { userId: ctx.operatorId })),
    regenerate: operatorProcedure
      .input(z.object({}).strict())
      .mutation(({ ctx }) => regenerateRecoveryCodes(ctx.db, { userId: ctx.operatorId, ip: clientAddressOf(ctx.headers) })),
  }),

  // Named filters of the disputes queue, per operator (docs/operator-guide.md, "Saved views").
  queueViews: router({
    list: operatorProcedure.input(z.object({}).strict()).query(({ ctx }) => listQueueViews(ctx.db, { userId: ctx.operatorId })),
    save: operatorProcedure.input(saveQueueViewInput).mutation(({ ctx, input }) => saveQueueView(ctx.db, { userId: ctx.operatorId, view: input })),
    delete: operatorProcedure.input(deleteQueueViewInput).mutation(async ({ ctx, input }) => {
      await deleteQueueView(ctx.db, { userId: ctx.operatorId, viewId: input.viewId });
      return { deleted: true };
    }),
  }),

  // The search box on every console page (docs/operator-guide.md, "Search").
  search: operatorProcedure.input(searchConsoleInput).query(({ ctx, input }) => searchConsole(ctx.readDb, input)),

  disputes: router({
    list: operatorProcedure.input(listDisputesInput).query(({ ctx, input }) => listDisputes(ctx.db, input, { operatorId: ctx.operatorId })),
    get: operatorProcedure.input(disputeRef).query(({ ctx, input }) => getDisputeCase(ctx.db, input)),
    claim: operatorProcedure.input(disputeRef).mutation(({ ctx, input }) => claimDispute(ctx.db, input, operatorOf(ctx))),
    releaseClaim: operatorProcedure.input(disputeRef).mutation(({ ctx, input }) => releaseDisputeClaim(ctx.db, input, operatorOf(ctx))),
    bulkClaim: operatorProcedure.input(bulkClaimInput).mutation(({ ctx, input }) => bulkClaimDisputes(ctx.db, input, operatorOf(ctx))),
    bulkRelease: operatorProcedure.input(bulkClaimInput).mutation(({ ctx, input }) => bulkReleaseDisputes(ctx.db, input, operatorOf(ctx))),
    // The unclaimed case due soonest within the queue's filters; null when none is left.
    claimNext: operatorProcedure
      .input(z.object({ filters: disputeQueueFilters.partial().optional() }).strict())
      .mutation(({ ctx, input }) => claimNextDispute(ctx.db, { filters: input.filters, operator: operatorOf(ctx) })),
    rule: operatorProcedure.input(ruleDisputeInput).mutation(({ ctx, input }) => ruleDispute(ctx.db, input, operatorOf(ctx))),
    rulingContext: operatorProcedure.input(disputeRef).query(({ ctx, input }) => getRulingContext(ctx.db, input)),
    previewSplit: operatorProcedure
      .input(disputeRef.extend({ amount: z.string().max(40) }))
      .query(({ ctx, input }) => previewSplit(ctx.db, input)),
    // Four eyes (docs/operator-guide.md, "Four eyes"): another operator approves or rejects; the proposer may withdraw.
    decideProposal: operatorProcedure.input(decideRulingProposalInput).mutation(({ ctx, input }) => decideRulingProposal(ctx.db, input, operatorOf(ctx))),
    // Read only: the threshold changes through operator.controls, approved by a second operator.
    fourEyesThreshold: router({
      get: operatorProcedure.input(z.object({}).strict()).query(({ ctx }) => fourEyesThreshold(ctx.db)),
    }),
  }),

  // Evidence requests, internal notes and deadlines (docs/operator-guide.md, "Evidence", "Timers").
  disputeProcess: operatorDisputeProcessRouter,

  // Controls that guard money, changed only with a second operator (docs/operator-guide.md, "Controls").
  controls: operatorControlsRouter,

  // USDT withdrawals waiting for a decision, and failed sends' cases (docs/operator-guide.md, "Withdrawals").
  withdrawals: operatorWithdrawalsRouter,

  stuckPayouts: router({
    list: operatorProcedure
      .input(z.object({ unmatchedAfterMinutes: z.number().int().min(0).max(100_000).optional(), page: z.number().int().min(1).max(100_000).default(1), pageSize: z.number().int().min(1).max(100).default(50) }).strict())
      .query(({ ctx, input }) => listStuckPayouts(ctx.db, input)),
    reassign: operatorProcedure.input(operatorPayoutActionInput).mutation(({ ctx, input }) => reassignPayout(ctx.db, input, operatorOf(ctx))),
    cancel: operatorProcedure.input(operatorPayoutActionInput).mutation(({ ctx, input }) => cancelPayout(ctx.db, input, operatorOf(ctx))),
  }),

  merchants: router({
    list: operatorProcedure.input(z.object({}).strict()).query(({ ctx }) => listMerchants(ctx.db)),
    create: operatorProcedure.input(createMerchantInput).mutation(({ ctx, input }) => createMerchant(ctx.db, input, actorOf(ctx))),
    update: operatorProcedure
      .input(z.object({ merchantId: z.uuid(), settings: merchantSettingsInput }).strict())
      .mutation(async ({ ctx, input }) => {
        const merchant = await updateMerchantSettings(ctx.db, input.merchantId, input.settings, actorOf(ctx));
        return { merchantId: merchant.id, status: merchant.status };
      }),
    // The merchant's checkout (docs/operator-guide.md): the same fields and audit as the owner's page.
    checkout: operatorProcedure.input(z.object({ merchantId: z.uuid() }).strict()).query(({ ctx, input }) => checkoutSettingsOf(ctx.db, input.merchantId)),
    updateCheckout: operatorProcedure
      .input(z.object({ merchantId: z.uuid(), settings: checkoutSettingsInput }).strict())
      .mutation(({ ctx, input }) => updateCheckoutSettings(ctx.db, input.merchantId, input.settings, actorOf(ctx))),
    setCheckoutLogo: operatorProcedure
      .input(checkoutLogoInput.extend({ merchantId: z.uuid() }))
      .mutation(({ ctx, input }) => setCheckoutLogo(ctx.db, input.merchantId, logoBytesOf(input.imageBase64), actorOf(ctx))),
    setWebhook: operatorProcedure
      .input(z.object({ merchantId: z.uuid(), url: webhookUrl.nullable() }).strict())
      .mutation(({ ctx, input }) => setWebhookEndpoint(ctx.db, input.merchantId, input.url, actorOf(ctx))),
    issueKey: operatorProcedure.input(issueMerchantApiKeyInput).mutation(({ ctx, input }) => issueMerchantApiKey(ctx.db, input, actorOf(ctx))),
    // The merchant's first owner: an invitation link shown once to the operator (docs/merchant-guide.md).
    createOwner: operatorProcedure.input(createMerchantOwnerInput).mutation(({ ctx, input }) => createMerchantOwner(ctx.db, input, actorOf(ctx))),
    revokeKey: operatorProcedure.input(revokeApiKeyInput).mutation(async ({ ctx, input }) => {
      await revokeApiKeyAudited(ctx.db, input, actorOf(ctx));
      return { keyId: input.keyId, revoked: true };
    }),
  }),

  traders: router({
    list: operatorProcedure.input(z.object({}).strict()).query(({ ctx }) => listTraders(ctx.db)),
    create: operatorProcedure.input(createTraderInput).mutation(({ ctx, input }) => createTrader(ctx.db, input, actorOf(ctx))),
    setStatus: operatorProcedure.input(setTraderStatusInput).mutation(({ ctx, input }) => setTraderStatus(ctx.db, input, actorOf(ctx))),
    adjustBalance: operatorProcedure.input(adjustBalanceInput).mutation(({ ctx, input }) => adjustBalance(ctx.db, input, actorOf(ctx))),
  }),

  referenceRate: router({
    get: operatorProcedure.input(z.object({}).strict()).query(({ ctx }) => referenceRateStatus(ctx.db)),
    set: operatorProcedure.input(z.object({ rate: z.string().max(20) }).strict()).mutation(({ ctx, input }) => setReferenceRateOverride(ctx.db, input.rate, actorOf(ctx))),
    clear: operatorProcedure.input(z.object({}).strict()).mutation(({ ctx }) => clearReferenceRateOverride(ctx.db, actorOf(ctx))),
  }),

  audit: router({
    query: operatorProcedure.input(auditQueryInput).query(({ ctx, input }) => queryAuditLog(ctx.db, input)),
  }),

  // Automatic confirmation from bank notifications, per trader and bank (docs/operator-guide.md).
  notifications: router({
    stats: operatorProcedure.input(z.object({}).strict()).query(({ ctx }) => notificationStats(ctx.db)),
  }),

  ledger: router({
    // The full check, recorded beside the scheduled ones (docs/operations.md).
    check: operatorProcedure.input(z.object({}).strict()).query(async ({ ctx }) => (await runFullLedgerCheck(ctx.db)).report),
    lastScheduledCheck: operatorProcedure.input(z.object({}).strict()).query(async ({ ctx }) => {
      const check = await lastLedgerCheck(ctx.db, 'incremental');
      return check ? { ...check, createdAt: check.createdAt.toISOString() } : null;
    }),
  }),

  // On-chain USDT against what the ledger owes, newest first (docs/wallet.md, "Solvency check").
  solvency: router({
    latest: operatorProcedure.input(z.object({}).strict()).query(async ({ ctx }) =>
      (await latestSolvencyChecks(ctx.db, 10)).map((check) => ({ ...check, runAt: check.runAt.toISOString() })),
    ),
  }),

  // USDT in from the chains (docs/wallet.md): every deposit, held ones to resolve, reorg cases, the watcher's lag.
  deposits: router({
    list: operatorProcedure.input(operatorDepositsInput).query(({ ctx, input }) => listOperatorDeposits(ctx.db, input)),
    resolveHeld: operatorProcedure.input(resolveHeldDepositInput).mutation(({ ctx, input }) => resolveHeldDeposit(ctx.db, input, actorOf(ctx))),
    reorgCases: operatorProcedure.input(z.object({}).strict()).query(async ({ ctx }) =>
      (await listOpenReorgCases(ctx.db)).map((row) => ({ ...row, openedAt: row.openedAt.toISOString(), resolvedAt: row.resolvedAt?.toISOString() ?? null })),
    ),
    resolveReorg: operatorProcedure.input(resolveReorgCaseInput).mutation(({ ctx, input }) => resolveReorgCase(ctx.db, input, actorOf(ctx))),
    lag: operatorProcedure.input(z.object({}).strict()).query(() => watcherLag(chainSettings().chains)),
  }),
});
