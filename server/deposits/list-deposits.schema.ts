import { z } from 'zod';
import { instantInRange } from '../validation/instant';
import { depositResponse, depositStates } from './deposit.schema';

const MAX_DEPOSIT_PAGE = 100;

/**
 * Where a page of deposits ended: the last one's (detected_at to the microsecond, id), as opaque
 * base64url JSON (the events' cursor, server/outbox/event-cursor.ts). It names a position only:
 * the list is always the caller's own deposits.
 */
export interface DepositCursor {
  detectedAt: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MICROSECOND_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeDepositCursor(cursor: DepositCursor): string {
  return Buffer.from(JSON.stringify({ t: cursor.detectedAt, i: cursor.id }), 'utf8').toString('base64url');
}

function decodeDepositCursor(text: string): DepositCursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Object.keys(value).length !== 2) return undefined;
  const { t, i } = value as { t?: unknown; i?: unknown };
  if (typeof t !== 'string' || typeof i !== 'string' || !MICROSECOND_INSTANT.test(t) || !UUID.test(i) || !instantInRange(t)) return undefined;
  return { detectedAt: t, id: i };
}

/** GET /api/v1/wallet/deposits (docs/api.md, "List deposits"); values arrive as strings. */
export const listDepositsQuery = z
  .object({
    limit: z
      .string()
      .regex(/^\d{1,3}$/, { error: `limit must be 1 to ${MAX_DEPOSIT_PAGE}` })
      .regex(/^0*(?:[1-9]\d?|100)$/, { error: `limit must be 1 to ${MAX_DEPOSIT_PAGE}` })
      .transform(Number)
      .default(20)
      .describe(`1 to ${MAX_DEPOSIT_PAGE}; default 20.`),
    startingAfter: z
      .string()
      .transform((text, context) => {
        const cursor = decodeDepositCursor(text);
        if (cursor) return cursor;
        context.addIssue({ code: 'custom', message: 'must be a nextCursor from an earlier page' });
        return z.NEVER;
      })
      .optional()
      .describe('The nextCursor of the previous page: deposits detected before its last item.'),
    chain: z.string().regex(/^[a-z][a-z0-9-]{1,31}$/, { error: 'must be a chain key' }).optional().describe('Only deposits on this chain.'),
    state: z.enum(depositStates, { error: `must be one of ${depositStates.join(', ')}` }).optional().describe('Only deposits in this state.'),
  })
  .strict();
export type ListDepositsQuery = z.output<typeof listDepositsQuery>;

export const depositListResponse = z.object({
  items: z.array(depositResponse).describe('Newest first.'),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable().describe('Pass as startingAfter for the next page; null when hasMore is false.'),
});

export const depositAddressQuery = z
  .object({ chain: z.string().min(1).max(32).describe('A chain key this deployment watches (docs/wallet.md, "Chains"), e.g. ethereum, bsc.') })
  .strict();

export const depositAddressResponse = z.object({
  chain: z.string(),
  family: z.enum(['evm', 'tron']),
  address: z.string().describe('Send USDT on this chain to this address; it stays yours and does not change.'),
  token: z.object({ symbol: z.literal('USDT'), contract: z.string(), decimals: z.number().int() }),
  confirmations: z.number().int().describe('Blocks before a deposit is credited.'),
  minimumDeposit: z.string().describe('Smaller deposits are held, not credited (USDT, up to 6 decimals).'),
});

/** The dashboards' deposit lists (tRPC, trader and merchant): the REST query's rules, with typed values. */
export const traderDepositsInput = z
  .object({
    limit: z.number().int().min(1).max(MAX_DEPOSIT_PAGE).default(20),
    startingAfter: z
      .string()
      .transform((text, context) => {
        const cursor = decodeDepositCursor(text);
        if (cursor) return cursor;
        context.addIssue({ code: 'custom', message: 'must be a nextCursor from an earlier page' });
        return z.NEVER;
      })
      .optional(),
    chain: z.string().regex(/^[a-z][a-z0-9-]{1,31}$/, { error: 'must be a chain key' }).optional(),
    state: z.enum(depositStates).optional(),
  })
  .strict();
