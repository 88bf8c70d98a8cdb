/**
 * The statuses an order row can hold. The state machines (server/state-machines) define how an
 * order moves between them; the rows, the API's schemas and the pages read the lists from here,
 * so the database layer needs nothing from the domain above it (docs/architecture.md).
 */
export const payoutStatuses = [
  'PENDING_MATCH',
  'PENDING_PAYMENT',
  'PAYMENT_OVERDUE',
  'PAYMENT_SUBMITTED',
  'COMPLETED',
  'DISPUTED',
  'CANCELLED',
] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

export const payinStatuses = [
  'PENDING_MATCH',
  'PENDING_PAYMENT',
  'PAYMENT_SUBMITTED',
  'PENDING_RELEASE',
  'SETTLING',
  'COMPLETED',
  'CANCELLED',
  'DISPUTED',
  'FAILED',
] as const;
export type PayinStatus = (typeof payinStatuses)[number];
