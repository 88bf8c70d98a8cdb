import { router } from '../../init';
import { operatorAuditRouter } from './audit';
import { operatorControlsRouter } from './controls';
import { operatorDepositsRouter } from './deposits';
import { operatorDisputeProcessRouter } from './dispute-process';
import { operatorDisputesRouter } from './disputes';
import { operatorConversationRouter } from './conversation';
import { operatorEnrolmentRouter } from './enrolment';
import { operatorLedgerRouter } from './ledger';
import { operatorMerchantsRouter } from './merchants';
import { operatorNotificationsRouter } from './notifications';
import { operatorQueueViewsRouter } from './queue-views';
import { operatorReconciliationRouter } from './reconciliation';
import { operatorRecoveryCodesRouter } from './recovery-codes';
import { operatorReferenceRateRouter } from './reference-rate';
import { operatorRoutingRouter } from './routing';
import { operatorRiskRouter } from './risk';
import { operatorSearchRouter } from './search';
import { operatorSolvencyRouter } from './solvency';
import { operatorStuckPayoutsRouter } from './stuck-payouts';
import { operatorTradersRouter } from './traders';
import { operatorWithdrawalsRouter } from './withdrawals';

/**
 * The operator console's procedures, by area: one file per area in this folder, each on
 * operatorProcedure (signed in with a second factor), except the enrolment that gets the factor.
 */
export const operatorRouter = router({
  enrolment: operatorEnrolmentRouter,
  // One-time codes for signing in without the phone (docs/security.md, "Recovery codes").
  recoveryCodes: operatorRecoveryCodesRouter,
  // Named filters of the disputes queue, per operator (docs/operator-guide.md, "Saved views").
  queueViews: operatorQueueViewsRouter,
  // The search box on every console page (docs/operator-guide.md, "Search").
  search: operatorSearchRouter,
  disputes: operatorDisputesRouter,
  conversation: operatorConversationRouter,
  // Evidence requests, internal notes and deadlines (docs/operator-guide.md, "Evidence", "Timers").
  disputeProcess: operatorDisputeProcessRouter,
  // Controls that guard money, changed only with a second operator (docs/operator-guide.md, "Controls").
  controls: operatorControlsRouter,
  // USDT withdrawals waiting for a decision, and failed sends' cases (docs/operator-guide.md, "Withdrawals").
  withdrawals: operatorWithdrawalsRouter,
  stuckPayouts: operatorStuckPayoutsRouter,
  merchants: operatorMerchantsRouter,
  traders: operatorTradersRouter,
  // "Why this trader" on a pay-in (docs/routing.md).
  routing: operatorRoutingRouter,
  referenceRate: operatorReferenceRateRouter,
  audit: operatorAuditRouter,
  // Automatic confirmation from bank notifications, per trader and bank (docs/operator-guide.md).
  notifications: operatorNotificationsRouter,
  ledger: operatorLedgerRouter,
  // On-chain USDT against what the ledger owes, newest first (docs/wallet.md, "Solvency check").
  solvency: operatorSolvencyRouter,
  // USDT in from the chains (docs/wallet.md): every deposit, held ones to resolve, reorg cases, the watcher's lag.
  deposits: operatorDepositsRouter,
  // The daily three-way reconciliation and its exceptions queue (docs/reconciliation.md).
  reconciliation: operatorReconciliationRouter,
  // Risk rules, their back-test and the review queue of held orders (docs/risk.md).
  risk: operatorRiskRouter,
});
