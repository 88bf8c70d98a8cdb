import { sha256Hex } from '../../../../server/crypto/tokens';
import { DomainError } from '../../../../server/errors';
import { checkIdempotencyKey } from '../../../../server/idempotency/idempotency-key';
import { withIdempotency } from '../../../../server/idempotency/with-idempotency';
import { createPayout } from '../../../../server/payouts/create-payout';
import { decidePayout } from '../../../../server/payouts/decide-payout';
import { findMerchantPayout } from '../../../../server/payouts/find-payout';
import { listPayouts } from '../../../../server/payouts/list-payouts';
import { createPayoutInput, listPayoutsInput, payoutDecisionInput } from '../../../../server/payouts/payout.schema';
import { payoutCreateView, payoutDetailView } from '../../../../server/payouts/payout-view';
import { merchantOf, type RestContext, type RestResult } from './context';
import { parseJsonBody, parseQuery } from './read-request';


/** POST /api/v1/withdrawals (docs/api.md, "Create a payout"). */
export async function createWithdrawal(context: RestContext): Promise<RestResult> {
  const merchant = merchantOf(context);
  const input = parseJsonBody(context.request, context.body, createPayoutInput);
  const key = context.request.headers.get('idempotency-key');
  if (key === null) throw new DomainError('IDEMPOTENCY_KEY_REQUIRED', 'Creating a payout needs an Idempotency-Key header.');
  const outcome = await withIdempotency(
    context.db,
    { principalId: merchant.id, endpoint: 'POST /api/v1/withdrawals', key: checkIdempotencyKey(key), requestHash: sha256Hex(context.body) },
    context.now,
    async (tx, store) => {
      const order = await createPayout(tx, merchant, input, context.now, (created) => store({ status: 201, body: payoutCreateView(created) }));
      return { status: 201, body: payoutCreateView(order) };
    },
  );
  return { status: outcome.status, body: outcome.body, headers: outcome.replayed ? { 'idempotent-replayed': 'true' } : {} };
}

/** GET /api/v1/withdrawals (docs/api.md, "List payouts"). */
export async function listWithdrawals(context: RestContext): Promise<RestResult> {
  const merchant = merchantOf(context);
  return { status: 200, body: await listPayouts(context.db, merchant.id, parseQuery(context.url, listPayoutsInput)) };
}

/** GET /api/v1/withdrawals/:orderNo (docs/api.md, "Query a payout"). */
export async function getWithdrawal(context: RestContext): Promise<RestResult> {
  const merchant = merchantOf(context);
  const order = await findMerchantPayout(context.db, merchant.id, context.params.orderNo ?? '');
  return { status: 200, body: payoutDetailView(order) };
}

/** POST /api/v1/withdrawals/:orderNo/decision (docs/api.md, "Decide on a payout"). */
export async function decideWithdrawal(context: RestContext): Promise<RestResult> {
  const merchant = merchantOf(context);
  const decision = parseJsonBody(context.request, context.body, payoutDecisionInput);
  const result = await decidePayout(context.db, { merchantId: merchant.id, reference: context.params.orderNo ?? '', decision }, context.now);
  return { status: 200, body: result };
}
