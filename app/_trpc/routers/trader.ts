import { listOwnerPostings } from '../../../server/ledger/list-owner-postings';
import { confirmSuggestion } from '../../../server/notifications/confirm-suggestion';
import { listNotifications } from '../../../server/notifications/list-notifications';
import { autoConfirmSettingsInput, notificationFeedInput, notificationIdInput } from '../../../server/notifications/notification.schema';
import { rejectSuggestion } from '../../../server/notifications/reject-suggestion';
import { updateAutoConfirm } from '../../../server/notifications/update-auto-confirm';
import { listTraderPayinsForDashboard } from '../../../server/payins/list-trader-payins';
import { payinDetailView } from '../../../server/payins/payin-view';
import { releasePayin, reportNotReceived } from '../../../server/payins/release-payin';
import { acceptPayout } from '../../../server/payouts/accept-payout';
import { listOpenTasks } from '../../../server/payouts/list-open-tasks';
import { listTraderPayouts } from '../../../server/payouts/list-trader-payouts';
import { payoutDetailView } from '../../../server/payouts/payout-view';
import { releasesAfterRevealPerDay } from '../../../server/payouts/release-after-reveal';
import { releasePayoutTask } from '../../../server/payouts/release-payout-task';
import { revealRecipientAccount } from '../../../server/payouts/reveal-recipient-account';
import { addBankAccount } from '../../../server/traders/add-bank-account';
import { disableBankAccount } from '../../../server/traders/disable-bank-account';
import { listBankAccounts } from '../../../server/traders/list-bank-accounts';
import { accountRoutingStatus } from '../../../server/routing/account-routing-status';
import { setAccountLimits } from '../../../server/routing/set-account-limits';
import { payoutTaskLoad } from '../../../server/routing/payout-task-load';
import { routingSettings } from '../../../server/routing/routing-settings';
import { traderReputations } from '../../../server/reputation/trader-reputation';
import { listQuotes } from '../../../server/traders/list-quotes';
import { setTraderOnline } from '../../../server/traders/set-online';
import { setQuote } from '../../../server/traders/set-quote';
import { bankAccountInput, quoteInput } from '../../../server/traders/trader.schema';
import { traderOverview } from '../../../server/traders/trader-overview';
import { clientAddressOf } from '../../../server/http/client-address';
import { chainSettings } from '../../../server/chains/chain-settings';
import { chainDepositAddress } from '../../../server/deposits/chain-deposit-address';
import { sendTestUsdt } from '../../../server/demo/send-test-usdt';
import { listDeposits } from '../../../server/deposits/list-deposits';
import { depositAddressQuery, traderDepositsInput } from '../../../server/deposits/list-deposits.schema';
import { router, traderProcedure } from '../init';
import { traderBondStatus } from '../../../server/bond/bond-status';
import { moveBond, moveBondInput } from '../../../server/bond/move-bond';
import { traderEvidenceRouter } from './trader-evidence';
import { traderConversationRouter } from './trader-conversation';
import {
  bankAccountIdInput,
  setAccountLimitsInput,
  ledgerInput,
  notReceivedInput,
  onlineInput,
  orderInput,
  payinsInput,
  payoutsInput,
  poolInput,
} from './trader.schema';
import { z } from 'zod';
import { traderOverviewOutput } from '../../../server/traders/trader-overview.schema';
import { payoutTaskLoadOutput } from '../../../server/routing/payout-task-load.schema';
import { listOpenTasksOutput } from '../../../server/payouts/list-open-tasks.schema';
import { payoutDetailResponse } from '../../../server/payouts/payout-view.schema';
import { notificationFeedItem } from '../../../server/notifications/list-notifications.schema';
import { listTraderPayoutsOutput } from '../../../server/payouts/list-trader-payouts.schema';
import { revealedRecipientAccount } from '../../../server/payouts/reveal-recipient-account.schema';
import { releaseAfterRevealCharge } from '../../../server/payouts/release-after-reveal.schema';
import { listTraderPayinsForDashboardOutput } from '../../../server/payins/list-trader-payins.schema';
import { payinDetailResponse } from '../../../server/payins/payin-view.schema';
import { listQuotesOutput } from '../../../server/traders/list-quotes.schema';
import { listBankAccountsItem } from '../../../server/traders/list-bank-accounts.schema';
import { addBankAccountOutput } from '../../../server/traders/add-bank-account.schema';
import { disableBankAccountOutput } from '../../../server/traders/disable-bank-account.schema';
import { traderExposureOutput } from '../../../server/bond/trader-exposure.schema';
import { reputationViewOutput } from '../../../server/reputation/trader-reputation.schema';
import { accountRoutingStatusOutput } from '../../../server/routing/account-routing-status.schema';
import { setAccountLimitsOutput } from '../../../server/routing/set-account-limits.schema';
import { rejectSuggestionOutput } from '../../../server/notifications/reject-suggestion.schema';
import { updateAutoConfirmOutput } from '../../../server/notifications/update-auto-confirm.schema';
import { listOwnerPostingsOutput } from '../../../server/ledger/list-owner-postings.schema';
import { chainDepositAddressOutput } from '../../../server/deposits/chain-deposit-address.schema';
import { listDepositsOutput } from '../../../server/deposits/list-deposits-output.schema';
import { sendTestUsdtOutput } from '../../../server/demo/send-test-usdt.schema';

/** The caller's address for the audit log, as the server worked it out (server/http/client-address.ts). */
function ipOf(headers: Headers): string {
  return clientAddressOf(headers);
}

const now = () => new Date();

/**
 * The trader dashboard's procedures (traderProcedure: scoped to the signed-in trader). Each calls
 * one domain function, the same ones the trader REST API calls; `serverTime` lets pages count
 * down with the server's clock.
 */
export const traderRouter = router({
  overview: traderProcedure.output(traderOverviewOutput).query(({ ctx }) => traderOverview(ctx.db, ctx.traderId)),
  setOnline: traderProcedure.input(onlineInput).output(traderOverviewOutput).mutation(async ({ ctx, input }) => {
    await setTraderOnline(ctx.db, { traderId: ctx.traderId, online: input.online, actor: { type: 'trader', id: ctx.traderId, ip: ipOf(ctx.headers) } });
    return traderOverview(ctx.db, ctx.traderId);
  }),

  // Task pool and "My payouts".
  pool: traderProcedure
    .input(poolInput)
    .output(listOpenTasksOutput.extend({ load: payoutTaskLoadOutput, serverTime: z.string() }))
    .query(async ({ ctx, input }) => {
      const at = now();
      // The trader's open tasks against its cap beside the page (docs/routing.md, "Payout dispatch").
      const [tasks, load] = await Promise.all([listOpenTasks(ctx.db, { traderId: ctx.traderId, page: input, now: at }), payoutTaskLoad(ctx.db, ctx.traderId)]);
      return { ...tasks, load, serverTime: at.toISOString() };
    }),
  accept: traderProcedure
    .input(orderInput)
    .output(payoutDetailResponse)
    .mutation(async ({ ctx, input }) => payoutDetailView(await acceptPayout(ctx.db, { traderId: ctx.traderId, orderId: input.orderId }))),
  payouts: traderProcedure
    .input(payoutsInput)
    .output(listTraderPayoutsOutput.extend({ serverTime: z.string(), rules: z.object({ releasesAfterRevealPerDay: z.number() }) }))
    .query(async ({ ctx, input }) => ({
      ...(await listTraderPayouts(ctx.db, ctx.traderId, input)),
      serverTime: now().toISOString(),
      // The page warns before a give-back that would count against the trader (docs/trader-guide.md, "Rules").
      rules: { releasesAfterRevealPerDay },
    })),
  revealAccount: traderProcedure
    .input(orderInput)
    .output(revealedRecipientAccount)
    .mutation(({ ctx, input }) =>
      revealRecipientAccount(ctx.db, { traderId: ctx.traderId, orderId: input.orderId, userId: ctx.user.id, ip: ipOf(ctx.headers) }),
    ),
  releaseTask: traderProcedure.input(orderInput).output(payoutDetailResponse.extend({ afterReveal: releaseAfterRevealCharge.nullable() })).mutation(async ({ ctx, input }) => {
    const released = await releasePayoutTask(ctx.db, { traderId: ctx.traderId, orderId: input.orderId });
    // afterReveal: what giving back a task whose number was seen cost (null when it was not seen).
    return { ...payoutDetailView(released.order), afterReveal: released.afterReveal };
  }),

  // "My pay-ins".
  payins: traderProcedure
    .input(payinsInput)
    .output(listTraderPayinsForDashboardOutput.extend({ serverTime: z.string() }))
    .query(async ({ ctx, input }) => ({ ...(await listTraderPayinsForDashboard(ctx.db, ctx.traderId, input)), serverTime: now().toISOString() })),
  releasePayin: traderProcedure.input(orderInput).output(payinDetailResponse).mutation(async ({ ctx, input }) => {
    const outcome = await releasePayin(ctx.db, { traderId: ctx.traderId, orderId: input.orderId });
    return payinDetailView(outcome.order);
  }),
  notReceived: traderProcedure.input(notReceivedInput).output(payinDetailResponse).mutation(async ({ ctx, input }) => {
    const outcome = await reportNotReceived(ctx.db, { traderId: ctx.traderId, orderId: input.orderId, reason: input.reason });
    return payinDetailView(outcome.order);
  }),

  // Quotes and bank accounts.
  quotes: traderProcedure.output(listQuotesOutput).query(({ ctx }) => listQuotes(ctx.db, ctx.traderId)),
  setQuote: traderProcedure.input(quoteInput).output(listQuotesOutput).mutation(async ({ ctx, input }) => {
    await setQuote(ctx.db, { traderId: ctx.traderId, ...input, actor: { type: 'trader', id: ctx.traderId, ip: ipOf(ctx.headers) } });
    return listQuotes(ctx.db, ctx.traderId);
  }),
  bankAccounts: traderProcedure.output(z.array(listBankAccountsItem)).query(({ ctx }) => listBankAccounts(ctx.db, ctx.traderId)),
  addBankAccount: traderProcedure
    .input(bankAccountInput)
    .output(addBankAccountOutput)
    .mutation(({ ctx, input }) => addBankAccount(ctx.db, { traderId: ctx.traderId, ...input, actor: { type: 'trader', id: ctx.traderId, ip: ipOf(ctx.headers) } })),
  disableBankAccount: traderProcedure
    .input(bankAccountIdInput)
    .output(disableBankAccountOutput)
    .mutation(({ ctx, input }) =>
      disableBankAccount(ctx.db, { traderId: ctx.traderId, bankAccountId: input.bankAccountId, actor: { type: 'trader', id: ctx.traderId, ip: ipOf(ctx.headers) } }),
    ),
  // The bond: balance, open exposure, the cap, what may move out, penalties (docs/routing.md, "Bond and exposure").
  bond: traderProcedure.output(traderExposureOutput).query(({ ctx }) => traderBondStatus(ctx.db, ctx.traderId)),
  moveBond: traderProcedure.input(moveBondInput).output(traderExposureOutput).mutation(async ({ ctx, input }) => {
    await moveBond(ctx.db, { traderId: ctx.traderId, ...input, actor: { type: 'trader', id: ctx.traderId, ip: ipOf(ctx.headers) } });
    return traderBondStatus(ctx.db, ctx.traderId);
  }),
  // Each account's limits, today's use and any automatic pause with its reason and end (docs/routing.md, "Account limits").
  // The trader's own reputation and any new-trader caps with what lifts them (docs/routing.md, "Reputation").
  reputation: traderProcedure.output(reputationViewOutput).query(async ({ ctx }) => {
    const { value } = await routingSettings(ctx.db);
    return (await traderReputations(ctx.db, [ctx.traderId], value.newTrader)).get(ctx.traderId)!;
  }),
  accountRouting: traderProcedure.output(z.array(accountRoutingStatusOutput)).query(({ ctx }) => accountRoutingStatus(ctx.db, ctx.traderId)),
  setAccountLimits: traderProcedure.input(setAccountLimitsInput).output(setAccountLimitsOutput).mutation(({ ctx, input: { bankAccountId, ...limits } }) =>
    setAccountLimits(ctx.db, { traderId: ctx.traderId, bankAccountId, ...limits, actor: { type: 'trader', id: ctx.traderId, ip: ipOf(ctx.headers) } }),
  ),

  // Bank notifications and automatic confirmation (docs/trader-guide.md, "Automatic confirmation").
  notifications: traderProcedure
    .input(notificationFeedInput)
    .output(z.object({ items: z.array(notificationFeedItem), serverTime: z.string() }))
    .query(async ({ ctx, input }) => ({ items: await listNotifications(ctx.db, { traderId: ctx.traderId, input }), serverTime: now().toISOString() })),
  confirmSuggestion: traderProcedure
    .input(notificationIdInput)
    .output(payinDetailResponse)
    .mutation(({ ctx, input }) => confirmSuggestion(ctx.db, { traderId: ctx.traderId, notificationId: input.notificationId, ip: ipOf(ctx.headers) })),
  rejectSuggestion: traderProcedure
    .input(notificationIdInput)
    .output(rejectSuggestionOutput)
    .mutation(({ ctx, input }) => rejectSuggestion(ctx.db, { traderId: ctx.traderId, notificationId: input.notificationId })),
  setAutoConfirm: traderProcedure
    .input(autoConfirmSettingsInput)
    .output(updateAutoConfirmOutput)
    .mutation(({ ctx, input }) => updateAutoConfirm(ctx.db, { traderId: ctx.traderId, input, actor: { type: 'trader', id: ctx.traderId, ip: ipOf(ctx.headers) } })),

  // Statements and files on disputed orders, and the operators' requests (docs/trader-guide.md, "Disputes").
  evidence: traderEvidenceRouter,
  conversation: traderConversationRouter,

  // Ledger history.
  ledger: traderProcedure.input(ledgerInput).output(listOwnerPostingsOutput).query(({ ctx, input }) => listOwnerPostings(ctx.db, { type: 'trader', id: ctx.traderId }, input)),

  // USDT in from a chain (docs/wallet.md): the trader's deposit address (made on first request, so a mutation) and deposits.
  depositAddress: traderProcedure
    .input(depositAddressQuery)
    .output(chainDepositAddressOutput)
    .mutation(({ ctx, input }) => chainDepositAddress(ctx.db, { owner: { type: 'trader', id: ctx.traderId }, chainKey: input.chain, settings: chainSettings() })),
  deposits: traderProcedure.input(traderDepositsInput).output(listDepositsOutput).query(({ ctx, input }) => listDeposits(ctx.db, { type: 'trader', id: ctx.traderId }, input)),
  // Demo only (docs/wallet.md, "The demo chain"): test USDT from the demo funder to the trader's own address.
  sendTestUsdt: traderProcedure
    .input(depositAddressQuery)
    .output(sendTestUsdtOutput)
    .mutation(({ ctx, input }) => sendTestUsdt(ctx.db, { owner: { type: 'trader', id: ctx.traderId }, chainKey: input.chain, settings: chainSettings() })),
});
