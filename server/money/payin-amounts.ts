import { DomainError } from '@/server/errors';
import { dec, Dec } from './decimal';
import { exactlyOne } from './exactly-one-amount';
import { fmt2, fmt6, fmtRate } from './format';
import { feeFor, positiveRate, roundDown, roundHalfUp, roundUp } from './rounding';

export interface PayinAmountsInput {
  /** Exactly one of assetAmount (USDT to credit) and fiatAmount (CNY the buyer pays), wire-validated. */
  assetAmount?: string;
  fiatAmount?: string;
  /** The locked rate: CNY per 1 USDT from the matched quote. */
  rate: string;
  feeBps: number;
}

export interface PayinAmounts {
  assetAmount: string;
  fiatAmount: string;
  usdAmount: string;
  usdFeeAmount: string;
  fxRate: string;
  /** Credited to the merchant on completion: assetAmount - usdFeeAmount, never below zero. */
  merchantCredit: string;
  /** Moved into the trader's escrow on match: the whole assetAmount. */
  escrowAmount: string;
}

/**
 * Pay-in amounts, docs/amounts.md, "Pay-in amounts". Both directions keep the buyer's CNY at least worth the
 * USDT released from escrow: from assetAmount the buyer pays fiat = asset x rate rounded UP; from
 * fiatAmount the asset is fiat / rate rounded DOWN to 6 decimals. usdAmount is the asset to the
 * cent (half up) and only prices the fee, which rounds UP.
 */
export function computePayinAmounts(input: PayinAmountsInput): PayinAmounts {
  exactlyOne(input.assetAmount, input.fiatAmount, ['assetAmount', 'fiatAmount']);
  const rate = positiveRate(input.rate, 'rate');

  const fromAsset = input.assetAmount !== undefined;
  const given = dec((fromAsset ? input.assetAmount : input.fiatAmount) as string);
  const asset = fromAsset ? given : roundDown(given.dividedBy(rate), 6);
  const fiat = fromAsset ? roundUp(asset.times(rate), 2) : given;
  const usd = roundHalfUp(asset, 2);
  if (asset.isZero() || usd.isZero()) {
    const path = fromAsset ? 'assetAmount' : 'fiatAmount';
    throw new DomainError('VALIDATION_FAILED', `The amount is too small: ${path} ${given.toFixed()} at rate ${fmtRate(rate)} is worth less than 0.01 USDT.`, {
      details: [{ path, message: 'is too small at the current rate' }],
    });
  }

  const fee = feeFor(usd, input.feeBps);
  return {
    assetAmount: fmt6(asset),
    fiatAmount: fmt2(fiat),
    usdAmount: fmt2(usd),
    usdFeeAmount: fmt2(fee),
    fxRate: fmtRate(rate),
    // usdAmount may round half up past the asset, so a 100% fee could exceed it.
    merchantCredit: fmt6(Dec.max(asset.minus(fee), 0)),
    escrowAmount: fmt6(asset),
  };
}
