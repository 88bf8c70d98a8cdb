import { z } from 'zod';
import { payinDetailResponse } from '../payins/payin-view.schema';
import { payoutDetailResponse } from '../payouts/payout-view.schema';
import { payoutWithProofs } from '../proofs/payout-proof.schema';
import { instantQuery } from '../validation/instant';
import { payinDisputeResolvedData, payoutDisputeResolvedData } from '../disputes/dispute-resolution.schema';
import {
  DISPUTE_RESOLVED_EVENT_TYPE,
  eventEnvelope,
  PAYIN_DISPUTE_RESOLVED_EVENT_TYPE,
  payinEventTypes,
  depositEventTypes,
  withdrawalEventTypes,
  WITHDRAWAL_ADDRESS_ADDED_EVENT_TYPE,
  webhookEventTypes,
  payoutEventTypes,
  PROOF_SUBMITTED_EVENT_TYPE,
  TEST_EVENT_TYPE,
  testEventData,
} from '../webhooks/event.schema';
import { eventCursorQuery } from './event-cursor';
import { depositResponse } from '../deposits/deposit.schema';
import { withdrawalAddressResponse } from '../withdrawals/address-book/withdrawal-address.schema';
import { withdrawalResponse } from '../withdrawals/withdrawal.schema';

/** Every type Corridor emits (docs/webhooks.md, "Events"); a filter on any other is a mistake. */
const eventTypes: string[] = webhookEventTypes;

/**
 * One event exactly as the webhook carried it ({ id, type, createdAt, data }): the body stored in
 * the outbox (server/orders/write-event.ts), so a merchant reconciling after an outage reads what
 * it would have received. A payout.proof_submitted written before its data listed the proofs is the
 * plain payout, like the other payout events.
 */
export const merchantEventResponse = z.union([
  eventEnvelope(PROOF_SUBMITTED_EVENT_TYPE, payoutWithProofs),
  eventEnvelope(DISPUTE_RESOLVED_EVENT_TYPE, payoutDisputeResolvedData),
  eventEnvelope('', payoutDetailResponse).extend({
    type: z.enum(payoutEventTypes.filter((type) => type !== PROOF_SUBMITTED_EVENT_TYPE && type !== DISPUTE_RESOLVED_EVENT_TYPE)),
  }),
  eventEnvelope(PAYIN_DISPUTE_RESOLVED_EVENT_TYPE, payinDisputeResolvedData),
  eventEnvelope('', payinDetailResponse).extend({ type: z.enum(payinEventTypes.filter((type) => type !== PAYIN_DISPUTE_RESOLVED_EVENT_TYPE)) }),
  eventEnvelope('', depositResponse).extend({ type: z.enum(depositEventTypes) }),
  eventEnvelope(WITHDRAWAL_ADDRESS_ADDED_EVENT_TYPE, withdrawalAddressResponse),
  eventEnvelope('', withdrawalResponse).extend({ type: z.enum(withdrawalEventTypes) }),
  eventEnvelope(TEST_EVENT_TYPE, testEventData),
]);

export const merchantEventListResponse = z.object({
  items: z.array(merchantEventResponse).describe('Newest first.'),
  hasMore: z.boolean().describe('Whether older events match: ask again with startingAfter = nextCursor.'),
  nextCursor: z.string().nullable().describe('The position after the last item; null when hasMore is false.'),
});

const MAX_EVENT_PAGE = 100;

/** GET /api/v1/events (docs/api.md, "List events"); values arrive as strings. */
export const listEventsQuery = z
  .object({
    limit: z
      .string()
      .regex(/^\d{1,3}$/, { error: `limit must be 1 to ${MAX_EVENT_PAGE}` })
      .regex(/^0*(?:[1-9]\d?|100)$/, { error: `limit must be 1 to ${MAX_EVENT_PAGE}` })
      .transform(Number)
      .default(20)
      .describe(`1 to ${MAX_EVENT_PAGE}; default 20.`),
    startingAfter: eventCursorQuery.optional().describe('The nextCursor of the previous page: events older than its last item.'),
    type: z.enum(eventTypes, { error: `must be one of ${eventTypes.join(', ')}` }).optional().describe('Only events of this type.'),
    from: instantQuery.optional().describe('Created at or after this ISO 8601 date or timestamp, inclusive; not after to.'),
    to: instantQuery.optional().describe('Created before this ISO 8601 date or timestamp, exclusive.'),
  })
  .strict()
  .refine((query) => !(query.from && query.to && query.from > query.to), { path: ['from'], error: 'must not be after to' });
export type ListEventsQuery = z.infer<typeof listEventsQuery>;

export const eventIdParam = z.string().regex(/^evt_[0-9a-f]{32}$/, { error: 'must be an event id (evt_ and 32 hex digits)' });
