export { Dec, dec, type DecInput } from './decimal';
export { amountProblem, asset6, fiat2, usd2 } from './amount-strings';
export { feeFor, positiveRate, roundDown, roundHalfUp, roundUp } from './rounding';
export { fmt2, fmt6, fmtRate, fmtSlippage, isoMs, isoMsOrNull } from './format';
export { exactlyOne } from './exactly-one-amount';
export { computePayoutAmounts, type PayoutAmounts, type PayoutAmountsInput } from './payout-amounts';
export { computePayinAmounts, type PayinAmounts, type PayinAmountsInput } from './payin-amounts';
export { medianRate } from './reference-rate';
