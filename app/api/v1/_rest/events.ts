import { z } from 'zod';
import { findMerchantEvent, listMerchantEvents } from '../../../../server/outbox/list-merchant-events';
import { eventIdParam, listEventsQuery, merchantEventListResponse, merchantEventResponse } from '../../../../server/outbox/merchant-event.schema';
import { defineRoute } from './route-definition';

type MerchantEvent = z.output<typeof merchantEventResponse>;

/** GET /api/v1/events (docs/api.md, "List events"). */
export const listEvents = defineRoute({
  operationId: 'listEvents',
  method: 'GET',
  path: 'events',
  auth: 'merchant',
  scopes: ['events:read'],
  tag: 'Events',
  summary: 'List your events',
  description: 'Every event Corridor emitted for you, newest first, each exactly the body its webhook carried. Page with limit and startingAfter = the nextCursor of the previous page.',
  query: listEventsQuery,
  success: { status: 200, schema: merchantEventListResponse, description: 'A page of events, newest first' },
  errors: [],
  handle: async ({ merchant, query, db }) => {
    const page = await listMerchantEvents(db, merchant.id, query);
    // The outbox keeps each body as JSON written from the event schemas (server/orders/write-event.ts).
    return { body: { ...page, items: page.items as MerchantEvent[] } };
  },
});

/** GET /api/v1/events/:eventId (docs/api.md, "Query an event"). */
export const getEvent = defineRoute({
  operationId: 'getEvent',
  method: 'GET',
  path: 'events/:eventId',
  auth: 'merchant',
  scopes: ['events:read'],
  tag: 'Events',
  summary: 'Query an event',
  description: 'The body its webhook carried. Another merchant\'s event is NOT_FOUND.',
  params: z.object({ eventId: eventIdParam.describe('An event id (evt_...), the webhook-id header of its delivery.') }),
  success: { status: 200, schema: merchantEventResponse, description: 'The event' },
  errors: ['NOT_FOUND'],
  handle: async ({ merchant, params, db }) => ({ body: (await findMerchantEvent(db, merchant.id, params.eventId)) as MerchantEvent }),
});
