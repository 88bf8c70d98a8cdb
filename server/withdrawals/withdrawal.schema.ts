import { z } from 'zod';
import type { walletWithdrawals } from '../../db/schema';
import { asset6 } from '../money/amount-strings';

const withdrawalStates = ['REQUESTED', 'APPROVED', 'SIGNED', 'BROADCAST', 'CONFIRMED', 'FAILED', 'REJECTED'] as const;

/** POST /api/v1/wallet/withdrawals, and the console's and dashboard's request form. */
export const requestWithdrawalInput = z
  .object({
    chain: z.string().regex(/^[a-z][a-z0-9-]{1,31}$/, { error: 'must be a chain key' }).describe('A chain key (docs/wallet.md, "Chains").'),
    addressId: z.uuid().describe('The id of an address in your withdrawal book, on that chain.'),
    amount: asset6.describe('USDT to reach the address, up to 6 decimals. The chain\'s flat fee comes on top.'),
  })
  .strict();
export type RequestWithdrawalInput = z.input<typeof requestWithdrawalInput>;

/** A withdrawal as the API, the pages and its events show it. */
export const withdrawalResponse = z.object({
  id: z.uuid(),
  chain: z.string(),
  addressId: z.uuid(),
  toAddress: z.string(),
  amount: z.string().describe('USDT that reaches the address.'),
  fee: z.string().describe('The chain\'s flat network fee, taken with the amount.'),
  state: z.enum(withdrawalStates),
  needsReview: z.enum(['above_threshold', 'new_address', 'unusual_amount']).nullable().describe('Why it waited (or waits) for an operator; null when approved at once.'),
  reason: z.string().nullable().describe('Why it was rejected or failed.'),
  txHash: z.string().nullable(),
  requestedAt: z.iso.datetime(),
  confirmedAt: z.iso.datetime().nullable(),
});
export type WithdrawalView = z.output<typeof withdrawalResponse>;

export function withdrawalView(row: typeof walletWithdrawals.$inferSelect): WithdrawalView {
  return {
    id: row.id,
    chain: row.chainKey,
    addressId: row.addressId,
    toAddress: row.toAddress,
    amount: row.amount,
    fee: row.fee,
    state: row.state,
    needsReview: row.needsReview,
    reason: row.reason,
    txHash: row.txHash,
    requestedAt: row.requestedAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
  };
}

const MAX_PAGE = 100;

/** GET /api/v1/wallet/withdrawals: values arrive as strings. Pages by `startingAfter` = the last id seen. */
export const listWithdrawalsQuery = z
  .object({
    limit: z
      .string()
      .regex(/^\d{1,3}$/, { error: `limit must be 1 to ${MAX_PAGE}` })
      // The bound as a pattern, so the document says it too (1 to 100).
      .regex(/^0*(?:[1-9]\d?|100)$/, { error: `limit must be 1 to ${MAX_PAGE}` })
      .transform(Number)
      .default(20)
      .describe(`1 to ${MAX_PAGE}; default 20.`),
    startingAfter: z.uuid().optional().describe('The id of the last withdrawal of the previous page.'),
    state: z.enum(withdrawalStates, { error: `must be one of ${withdrawalStates.join(', ')}` }).optional(),
  })
  .strict();
export type ListWithdrawalsQuery = z.output<typeof listWithdrawalsQuery>;

/** The pages' list (tRPC), with typed values. */
export const withdrawalPageInput = z
  .object({ limit: z.number().int().min(1).max(MAX_PAGE).default(20), startingAfter: z.uuid().optional(), state: z.enum(withdrawalStates).optional() })
  .strict();

export const withdrawalListResponse = z.object({
  items: z.array(withdrawalResponse).describe('Newest first.'),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable().describe('Pass as startingAfter for the next page; null when hasMore is false.'),
});

export const withdrawalIdInput = z.object({ withdrawalId: z.uuid() }).strict();

/** One chain a withdrawal may use, with what it costs (GET /api/v1/wallet/withdrawal-chains). */
export const withdrawalChainsResponse = z.object({
  items: z.array(
    z.object({
      chain: z.string(),
      name: z.string(),
      family: z.enum(['evm', 'tron']),
      fee: z.string().describe('Flat network fee per withdrawal (USDT), taken on top of the amount.'),
      minimumAmount: z.string(),
      ownerDailyLimit: z.string().describe('The most you may withdraw per UTC day (all chains).'),
    }),
  ),
});
