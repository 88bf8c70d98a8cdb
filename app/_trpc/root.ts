import { router } from './init';
import { accountRouter } from './routers/account';
import { alertsRouter } from './routers/alerts';
import { checkoutRouter } from './routers/checkout';
import { merchantAccountRouter } from './routers/merchant-account';
import { merchantAuditRouter } from './routers/merchant-audit';
import { merchantRiskRouter } from './routers/merchant-risk';
import { merchantBalanceRouter } from './routers/merchant-balance';
import { merchantCheckoutRouter } from './routers/merchant-checkout';
import { merchantDevelopersRouter } from './routers/merchant-developers';
import { merchantInvitationRouter } from './routers/merchant-invitation';
import { merchantOrdersRouter } from './routers/merchant-orders';
import { merchantConversationRouter } from './routers/merchant-conversation';
import { merchantOverviewRouter } from './routers/merchant-overview';
import { merchantTeamRouter } from './routers/merchant-team';
import { merchantWalletRouter } from './routers/merchant-wallet';
import { operatorRouter } from './routers/operator';
import { traderRouter } from './routers/trader';
import { traderWalletRouter } from './routers/trader-wallet';

/** Every tRPC router of the pages; each feature router is one line here. */
export const appRouter = router({
  account: accountRouter,
  alerts: alertsRouter,
  checkout: checkoutRouter,
  trader: traderRouter,
  traderWallet: traderWalletRouter,
  operator: operatorRouter,
  merchantAccount: merchantAccountRouter,
  merchantTeam: merchantTeamRouter,
  merchantInvitation: merchantInvitationRouter,
  merchantOverview: merchantOverviewRouter,
  merchantOrders: merchantOrdersRouter,
  merchantConversation: merchantConversationRouter,
  merchantDevelopers: merchantDevelopersRouter,
  merchantBalance: merchantBalanceRouter,
  merchantAudit: merchantAuditRouter,
  // A merchant's own risk rules, owners only (docs/risk.md).
  merchantRisk: merchantRiskRouter,
  merchantCheckout: merchantCheckoutRouter,
  merchantWallet: merchantWalletRouter,
});

export type AppRouter = typeof appRouter;
