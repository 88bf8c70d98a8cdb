import { payinDetailResponse } from '../payins/payin-view.schema';
import { payoutDetailResponse } from '../payouts/payout-view.schema';
import { disputeResolution, payinDisputeResolution } from '../rulings/resolution.schema';

/**
 * The data of payout.dispute_resolved: the payout as its detail endpoint shows it, plus the ruling.
 * Every ruling writes `resolution`; it is optional only because the events API also returns events
 * stored before the field existed, and the document must describe those too.
 */
export const payoutDisputeResolvedData = payoutDetailResponse.extend({
  resolution: disputeResolution.optional().describe('what the ruling did; absent only on events written before this field was added'),
});

/** The data of order.dispute_resolved: the pay-in as its detail endpoint shows it, plus the split. */
export const payinDisputeResolvedData = payinDetailResponse.extend({
  resolution: payinDisputeResolution.describe('what the ruling did'),
});
