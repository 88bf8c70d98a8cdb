import { z } from 'zod';

const amount6 = z.string().regex(/^\d+\.\d{6}$/);

/** GET /api/v1/balance (docs/api.md, "Balance"): USDT amounts as 6-decimal strings, like the ledger's. */
export const merchantBalanceResponse = z.object({
  currency: z.literal('USDT'),
  available: amount6.describe('Spendable now: new payouts freeze from it.'),
  frozen: amount6.describe('Held for payouts in flight (usdAmount + usdFeeAmount each), until they complete or are cancelled.'),
  pending: amount6.describe(
    'What pay-ins the buyer says are paid (PAYMENT_SUBMITTED, PENDING_RELEASE, SETTLING, DISPUTED) will credit when they settle: assetAmount less the fee. Not yet yours: a disputed pay-in may fail.',
  ),
});
export type MerchantBalance = z.infer<typeof merchantBalanceResponse>;
