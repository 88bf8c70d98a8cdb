import { DomainError } from '../errors';
import { Dec } from './decimal';
import { fmt2, fmt6, fmtRate } from './format';
import { exactlyOne } from './payout-amounts';
import { feeFor, roundDown, roundHalfUp, roundUp } from './rounding';

export interface PayinAmountsInput {
  /** Exactly one of assetAmount (USDT to credit) and fiatAmount (CNY the buyer pays). */
  assetAmount?: string;
  fiatAmount?: string;
  rate: string;
  feeBps: number;
}

export interface PayinAmounts {
  assetAmount: string;
  fiatAmount: string;
  usdAmount: string;
  usdFeeAmount: string;
  fxRate: string;
  /** Credited to the merchant on completion: assetAmount - fee (never below zero). */
  merchantCredit: string;
  /** Moved into the trader's escrow on match. */
  escrowAmount: string;
}

/**
 * Pay-in amounts, decisions.md section 4: from assetAmount, fiatAmount = asset x rate rounded UP
 * to 0.01; from fiatAmount, assetAmount = fiat / rate rounded DOWN to 6 decimals. usdAmount is
 * assetAmount to 0.01; the fee is usdAmount x bps rounded UP.
 */
export function computePayinAmounts(input: PayinAmountsInput): PayinAmounts {
  exactlyOne(input.assetAmount, input.fiatAmount, ['assetAmount', 'fiatAmount']);
  const rate = new Dec(input.rate);
  const asset = input.assetAmount !== undefined ? new Dec(input.assetAmount) : roundDown(new Dec(input.fiatAmount as string).dividedBy(rate), 6);
  const fiat = input.assetAmount !== undefined ? roundUp(asset.times(rate), 2) : new Dec(input.fiatAmount as string);
  const usd = roundHalfUp(asset, 2);
  if (asset.isZero() || usd.isZero()) {
    throw new DomainError('VALIDATION_FAILED', 'The amount is too small.', {
      details: [{ path: input.assetAmount !== undefined ? 'assetAmount' : 'fiatAmount', message: 'is too small at the current rate' }],
    });
  }
  const fee = feeFor(usd, input.feeBps);
  return {
    assetAmount: fmt6(asset),
    fiatAmount: fmt2(fiat),
    usdAmount: fmt2(usd),
    usdFeeAmount: fmt2(fee),
    fxRate: fmtRate(rate),
    merchantCredit: fmt6(Dec.max(asset.minus(fee), 0)),
    escrowAmount: fmt6(asset),
  };
}
