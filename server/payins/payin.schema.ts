import { z } from 'zod';
import { asset6, fiat2 } from '../money/amount-strings';
import { listQueryInput, merchantOrderNo } from '../payouts/payout.schema';
import { payinStatuses } from './payin-machine';

/** map of string to string: at most 20 keys of 1 to 40 characters, values of at most 500. */
const metadataInput = z
  .record(
    z.string().min(1, { error: 'keys must be 1 to 40 characters' }).max(40, { error: 'keys must be 1 to 40 characters' }),
    z.string({ error: 'values must be strings' }).max(500, { error: 'values must be at most 500 characters' }),
  )
  .refine((value) => Object.keys(value).length <= 20, { error: 'must have at most 20 keys' })
  .meta({ maxProperties: 20 });

const returnUrlInput = z
  .url({ protocol: /^https$/, error: 'must be an https URL' })
  .max(2048, { error: 'must be at most 2048 characters' })
  .meta({ pattern: '^https://' });

/** docs/api.md, "Create a pay-in". */
export const createPayinInput = z
  .object({
    merchantOrderNo,
    direction: z.literal('DEPOSIT', { error: 'must be DEPOSIT' }).optional(),
    pair: z.literal('USDT/CNY', { error: 'must be USDT/CNY' }).optional(),
    assetSymbol: z.literal('USDT', { error: 'must be USDT' }).optional(),
    assetAmount: asset6.optional().describe('USDT to credit: positive, at most 6 decimals. Give this or fiatAmount.'),
    fiatCurrency: z.literal('CNY', { error: 'must be CNY' }).optional(),
    fiatAmount: fiat2.optional().describe('CNY the buyer pays: positive, exactly 2 decimals, e.g. "100.00". Give this or assetAmount.'),
    metadata: metadataInput.optional(),
    returnUrl: returnUrlInput.optional(),
  })
  .strict()
  .superRefine((value, context) => {
    if (value.assetAmount === undefined && value.fiatAmount === undefined) {
      context.addIssue({ code: 'custom', path: ['assetAmount'], message: 'one of assetAmount and fiatAmount is required' });
    }
    if (value.assetAmount !== undefined && value.fiatAmount !== undefined) {
      context.addIssue({ code: 'custom', path: ['fiatAmount'], message: 'give only one of assetAmount and fiatAmount' });
    }
  })
  .meta({ oneOf: [{ required: ['assetAmount'] }, { required: ['fiatAmount'] }] });
export type CreatePayinInput = z.infer<typeof createPayinInput>;

/** docs/api.md, "List pay-ins": the payout list's parameters, plus direction (DEPOSIT only). */
export const listPayinsInput = listQueryInput(payinStatuses).extend({
  direction: z.literal('DEPOSIT', { error: 'must be DEPOSIT' }).optional(),
});
export type ListPayinsInput = z.infer<typeof listPayinsInput>;
