import { DomainError } from '@/server/errors';
import { dec } from './decimal';
import { exactlyOne } from './exactly-one-amount';
import { fmt2, fmt6, fmtRate, fmtSlippage } from './format';
import { feeFor, positiveRate, roundDown, roundHalfUp, roundUp } from './rounding';

export interface PayoutAmountsInput {
  /** Exactly one of fiatAmount (CNY to pay out) and usdAmount (USDT to debit), wire-validated. */
  fiatAmount?: string;
  usdAmount?: string;
  /** The locked rate: CNY per 1 USDT from the matched quote. */
  rate: string;
  /** Median of active quotes or the operator's override. */
  referenceRate: string;
  feeBps: number;
}

export interface PayoutAmounts {
  /** The CNY the recipient receives; equal to lockedFiatAmount. */
  fiatAmount: string;
  usdAmount: string;
  usdFeeAmount: string;
  lockedFiatAmount: string;
  referenceFiatAmount: string;
  slippage: string;
  fxRate: string;
  /** Frozen on the merchant: usdAmount + usdFeeAmount, at ledger precision (6 decimals). */
  freezeAmount: string;
}

/**
 * Payout amounts, docs/amounts.md, "Payout amounts". Each rounding leans towards solvency: from fiatAmount the
 * merchant is debited usdAmount = fiat / rate rounded UP, so the debit always covers the CNY the
 * trader pays; from usdAmount the trader pays lockedFiatAmount = usd x rate rounded DOWN, so the
 * CNY never exceeds what the debit is worth. The fee rounds UP.
 */
export function computePayoutAmounts(input: PayoutAmountsInput): PayoutAmounts {
  exactlyOne(input.fiatAmount, input.usdAmount, ['fiatAmount', 'usdAmount']);
  const rate = positiveRate(input.rate, 'rate');
  const referenceRate = positiveRate(input.referenceRate, 'referenceRate');

  const fromFiat = input.fiatAmount !== undefined;
  const given = dec((fromFiat ? input.fiatAmount : input.usdAmount) as string);
  const usd = fromFiat ? roundUp(given.dividedBy(rate), 2) : given;
  const lockedFiat = fromFiat ? given : roundDown(usd.times(rate), 2);
  if (usd.isZero() || lockedFiat.isZero()) {
    const path = fromFiat ? 'fiatAmount' : 'usdAmount';
    throw new DomainError('VALIDATION_FAILED', `The amount is too small: ${path} ${given.toFixed()} at rate ${fmtRate(rate)} pays out less than 0.01.`, {
      details: [{ path, message: 'is too small at the current rate' }],
    });
  }

  const fee = feeFor(usd, input.feeBps);
  return {
    fiatAmount: fmt2(lockedFiat),
    usdAmount: fmt2(usd),
    usdFeeAmount: fmt2(fee),
    lockedFiatAmount: fmt2(lockedFiat),
    referenceFiatAmount: fmt2(roundHalfUp(usd.times(referenceRate), 2)),
    slippage: fmtSlippage(rate.minus(referenceRate).dividedBy(referenceRate)),
    fxRate: fmtRate(rate),
    freezeAmount: fmt6(usd.plus(fee)),
  };
}
