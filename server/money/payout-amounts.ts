import { DomainError } from '../errors';
import { Dec } from './decimal';
import { fmt2, fmt6, fmtRate, fmtSlippage } from './format';
import { feeFor, roundDown, roundHalfUp, roundUp } from './rounding';

export interface PayoutAmountsInput {
  /** Exactly one of fiatAmount (CNY to pay out) and usdAmount (USDT to debit). */
  fiatAmount?: string;
  usdAmount?: string;
  /** The locked rate: CNY per 1 USDT from the matched quote. */
  rate: string;
  /** Median of active quotes or the operator's override. */
  referenceRate: string;
  feeBps: number;
}

export interface PayoutAmounts {
  usdAmount: string;
  usdFeeAmount: string;
  lockedFiatAmount: string;
  referenceFiatAmount: string;
  slippage: string;
  fxRate: string;
  /** What is frozen on the merchant: usdAmount + usdFeeAmount, at ledger precision. */
  freezeAmount: string;
}

/**
 * Payout amounts, decisions.md section 4: from fiatAmount, usdAmount = fiat / rate rounded UP to
 * 0.01 and the trader pays exactly fiatAmount; from usdAmount, lockedFiatAmount = usd x rate
 * rounded DOWN to 0.01. The fee is rounded UP. Rounding always favours the platform's solvency.
 */
export function computePayoutAmounts(input: PayoutAmountsInput): PayoutAmounts {
  exactlyOne(input.fiatAmount, input.usdAmount, ['fiatAmount', 'usdAmount']);
  const rate = new Dec(input.rate);
  const usd = input.fiatAmount !== undefined ? roundUp(new Dec(input.fiatAmount).dividedBy(rate), 2) : new Dec(input.usdAmount as string);
  const lockedFiat = input.fiatAmount !== undefined ? new Dec(input.fiatAmount) : roundDown(usd.times(rate), 2);
  if (usd.isZero() || lockedFiat.isZero()) {
    throw new DomainError('VALIDATION_FAILED', 'The amount is too small to pay out.', {
      details: [{ path: input.fiatAmount !== undefined ? 'fiatAmount' : 'usdAmount', message: 'is too small at the current rate' }],
    });
  }
  const fee = feeFor(usd, input.feeBps);
  const referenceRate = new Dec(input.referenceRate);
  return {
    usdAmount: fmt2(usd),
    usdFeeAmount: fmt2(fee),
    lockedFiatAmount: fmt2(lockedFiat),
    referenceFiatAmount: fmt2(roundHalfUp(usd.times(referenceRate), 2)),
    slippage: fmtSlippage(rate.minus(referenceRate).dividedBy(referenceRate)),
    fxRate: fmtRate(rate),
    freezeAmount: fmt6(usd.plus(fee)),
  };
}

/** Both amounts, or neither: 400 VALIDATION_FAILED (decisions.md section 4). */
export function exactlyOne(a: string | undefined, b: string | undefined, names: [string, string]): void {
  if ((a === undefined) === (b === undefined)) {
    const message = a === undefined ? `one of ${names[0]} and ${names[1]} is required` : `give only one of ${names[0]} and ${names[1]}`;
    throw new DomainError('VALIDATION_FAILED', `The request is not valid: ${message}.`, {
      details: [{ path: a === undefined ? names[0] : names[1], message }],
    });
  }
}
