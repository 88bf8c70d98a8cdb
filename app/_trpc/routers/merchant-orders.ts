import { addDisputeEvidence } from '../../../server/disputes/add-dispute-evidence';
import { checkPayoutEvidenceTarget } from '../../../server/disputes/check-evidence-target';
import { listConsoleOrders } from '../../../server/merchant-console/list-console-orders';
import {
  consoleCancelInput,
  consoleEvidenceInput,
  consoleListPayinsInput,
  consoleListPayoutsInput,
  consolePayoutDecisionInput,
  orderPageInput,
} from '../../../server/merchant-console/merchant-orders.schema';
import { merchantPayinPage } from '../../../server/merchant-console/merchant-payin-page';
import { merchantPayoutPage } from '../../../server/merchant-console/merchant-payout-page';
import { merchantCancelPayin } from '../../../server/payins/merchant-cancel-payin';
import { payinDetailView } from '../../../server/payins/payin-view';
import { decidePayout } from '../../../server/payouts/decide-payout';
import { merchantCancelPayout } from '../../../server/payouts/merchant-cancel-payout';
import { payoutDetailView } from '../../../server/payouts/payout-view';
import { clientAddressOf } from '../../../server/http/client-address';
import { merchantProcedure, router } from '../init';
import { merchantEvidenceRequests } from '../../../server/disputes/party-evidence-requests';
import { withdrawPayoutDispute } from '../../../server/payouts/withdraw-payout-dispute';
import { evidenceRequestsPageInput } from '../../../server/disputes/evidence-request.schema';
import { payoutDetailResponse } from '../../../server/payouts/payout-view.schema';
import { payinDetailResponse } from '../../../server/payins/payin-view.schema';
import { listConsoleOrdersOutput } from '../../../server/merchant-console/list-console-orders.schema';
import { merchantPayoutPageOutput } from '../../../server/merchant-console/merchant-payout-page.schema';
import { merchantPayinPageOutput } from '../../../server/merchant-console/merchant-payin-page.schema';
import { decidePayoutOutput } from '../../../server/payouts/decide-payout.schema';
import { merchantEvidenceRequestsOutput } from '../../../server/disputes/party-evidence-requests.schema';
import { evidenceItemView } from '../../../server/disputes/dispute-evidence.schema';

/** The console's user, for the audit row of a decision or a cancel. */
const by = (ctx: { merchantUserId: string; headers: Headers }) => ({ userId: ctx.merchantUserId, ip: clientAddressOf(ctx.headers) });

/**
 * The console's orders pages (docs/merchant-guide.md, "The orders pages"): the merchant API's own
 * domain functions, scoped to the session's merchant. Reading needs orders.read; confirming,
 * disputing, cancelling and adding evidence need orders.decide (owners).
 */
export const merchantOrdersRouter = router({
  payouts: merchantProcedure('orders.read')
    .input(consoleListPayoutsInput)
    .output(listConsoleOrdersOutput)
    .query(({ ctx, input }) => listConsoleOrders(ctx.db, { merchantId: ctx.merchantId, flow: 'payouts', query: input })),
  payins: merchantProcedure('orders.read')
    .input(consoleListPayinsInput)
    .output(listConsoleOrdersOutput)
    .query(({ ctx, input }) => listConsoleOrders(ctx.db, { merchantId: ctx.merchantId, flow: 'payins', query: input })),
  payout: merchantProcedure('orders.read')
    .input(orderPageInput)
    .output(merchantPayoutPageOutput)
    .query(({ ctx, input }) => merchantPayoutPage(ctx.db, { merchantId: ctx.merchantId, reference: input.reference })),
  payin: merchantProcedure('orders.read')
    .input(orderPageInput)
    .output(merchantPayinPageOutput)
    .query(({ ctx, input }) => merchantPayinPage(ctx.db, { merchantId: ctx.merchantId, reference: input.reference })),
  decidePayout: merchantProcedure('orders.decide')
    .input(consolePayoutDecisionInput)
    .output(decidePayoutOutput)
    .mutation(({ ctx, input }) =>
      decidePayout(ctx.db, { merchantId: ctx.merchantId, reference: input.reference, decision: { decision: input.decision, reason: input.reason }, by: by(ctx) }),
    ),
  cancelPayout: merchantProcedure('orders.decide')
    .input(consoleCancelInput)
    .output(payoutDetailResponse)
    .mutation(async ({ ctx, input }) => payoutDetailView(await merchantCancelPayout(ctx.db, { merchantId: ctx.merchantId, reference: input.reference, reason: input.reason, by: by(ctx) }))),
  cancelPayin: merchantProcedure('orders.decide')
    .input(consoleCancelInput)
    .output(payinDetailResponse)
    .mutation(async ({ ctx, input }) => payinDetailView(await merchantCancelPayin(ctx.db, { merchantId: ctx.merchantId, reference: input.reference, reason: input.reason, by: by(ctx) }))),
  // What an operator asks of the merchant on a disputed order (docs/merchant-guide.md, "Evidence requests").
  evidenceRequests: merchantProcedure('orders.read')
    .input(evidenceRequestsPageInput)
    .output(merchantEvidenceRequestsOutput)
    .query(({ ctx, input }) => merchantEvidenceRequests(ctx.db, { merchantId: ctx.merchantId, flow: input.flow, reference: input.reference })),
  withdrawPayoutDispute: merchantProcedure('orders.decide')
    .input(orderPageInput)
    .output(payoutDetailResponse)
    .mutation(async ({ ctx, input }) => payoutDetailView(await withdrawPayoutDispute(ctx.db, { merchantId: ctx.merchantId, reference: input.reference }))),
  addPayoutStatement: merchantProcedure('orders.decide')
    .input(consoleEvidenceInput)
    .output(evidenceItemView)
    .mutation(async ({ ctx, input }) => {
      const target = await checkPayoutEvidenceTarget(ctx.db, { merchantId: ctx.merchantId, reference: input.reference });
      return addDisputeEvidence(ctx.db, {
        flow: 'payout',
        orderId: target.orderId,
        party: 'merchant',
        authorId: ctx.merchantId,
        statement: input.statement,
        files: [],
        scope: { merchantId: ctx.merchantId },
      });
    }),
});
