import { z } from 'zod';
import type { chainDeposits } from '../../db/schema';

export const depositStates = ['DETECTED', 'CONFIRMED', 'CREDITED', 'HELD', 'ORPHANED', 'DISMISSED'] as const;

/** A deposit as the API and the events show it (docs/api.md, "Deposits"). */
export const depositResponse = z.object({
  id: z.uuid(),
  chain: z.string().describe('The chain key (docs/wallet.md, "Chains").'),
  txHash: z.string(),
  logIndex: z.number().int(),
  address: z.string().describe('Your deposit address it reached.'),
  token: z.string().describe('The token contract.'),
  baseAmount: z.string().describe('The amount in the token\'s own base units, as the chain reported it.'),
  amount: z.string().describe('USDT credited (or to be credited), 6 decimals, rounded down.'),
  remainder: z.string().describe('Base units below 6 decimals that were not credited (18-decimal tokens); "0" otherwise.'),
  blockNumber: z.string(),
  blockHash: z.string(),
  state: z.enum(depositStates),
  heldReason: z.string().nullable(),
  confirmations: z.number().int(),
  detectedAt: z.iso.datetime(),
  creditedAt: z.iso.datetime().nullable(),
});
export type DepositView = z.output<typeof depositResponse>;

export function depositView(row: typeof chainDeposits.$inferSelect): DepositView {
  return {
    id: row.id,
    chain: row.chainKey,
    txHash: row.txHash,
    logIndex: row.logIndex,
    address: row.address,
    token: row.token,
    baseAmount: row.baseAmount,
    amount: row.amount,
    remainder: row.remainder,
    blockNumber: row.blockNumber.toString(),
    blockHash: row.blockHash,
    state: row.state,
    heldReason: row.heldReason,
    confirmations: row.confirmations,
    detectedAt: row.detectedAt.toISOString(),
    creditedAt: row.creditedAt?.toISOString() ?? null,
  };
}
