import { dec } from '../money/decimal';

/** The points of each signal (docs/trader-guide.md, "The score"). */
const SCORE_POINTS = {
  exactAmount: 50,
  uniqueAmount: 20,
  reference: 25,
  payerName: 15,
  payerNameDiffers: -40,
  inWindow: 10,
  outOfWindow: -50,
  last4: 5,
} as const;

/** A credit may come a little before the match is recorded, and some time after the buyer's window. */
const WINDOW_BEFORE_MS = 5 * 60_000;
const WINDOW_AFTER_MS = 30 * 60_000;

interface ScoredCredit {
  amount: string;
  last4: string | null;
  /** The bank's time, else the received time. */
  at: Date;
  payerName: string | null;
  memo: string | null;
}

interface ScoredOrder {
  /** What the buyer was told to pay: payment_fiat_amount, else fiat_amount. */
  expectedAmount: string;
  buyerReference: string | null;
  payerName: string | null;
  matchedAt: Date | null;
  expiresAt: Date;
}

export interface ScoreMatchOptions {
  credit: ScoredCredit;
  order: ScoredOrder;
  accountLast4: string;
  /** Open pay-ins on the account expecting this same amount, this one included. */
  sameAmountCount: number;
}

export interface MatchScore {
  score: number;
  signals: { amount: boolean; uniqueAmount: boolean; reference: boolean; payerName: 'equal' | 'differs' | 'unknown'; inWindow: boolean; last4: boolean };
}

const normalName = (name: string) => name.normalize('NFKC').replace(/\s+/g, '').toLowerCase();

/**
 * Scores one credit against one open pay-in, 0-100, from independent signals; null when it cannot
 * be this order at all: the amount is not exactly the one expected, or the message names another
 * account's last 4 digits. An amount mismatch is never scored up by the other signals.
 */
export function scoreMatch(options: ScoreMatchOptions): MatchScore | null {
  const { credit, order } = options;
  if (!dec(credit.amount).eq(dec(order.expectedAmount))) return null;
  if (credit.last4 !== null && credit.last4 !== options.accountLast4) return null;

  const uniqueAmount = options.sameAmountCount === 1;
  const reference =
    order.buyerReference !== null && credit.memo !== null && new RegExp(`(^|[^A-Z0-9])${order.buyerReference}([^A-Z0-9]|$)`).test(credit.memo.toUpperCase());
  const payerName: MatchScore['signals']['payerName'] =
    order.payerName === null || credit.payerName === null ? 'unknown' : normalName(order.payerName) === normalName(credit.payerName) ? 'equal' : 'differs';
  const from = (order.matchedAt ?? order.expiresAt).getTime() - WINDOW_BEFORE_MS;
  const inWindow = credit.at.getTime() >= from && credit.at.getTime() <= order.expiresAt.getTime() + WINDOW_AFTER_MS;
  const last4 = credit.last4 !== null;

  let score = SCORE_POINTS.exactAmount;
  if (uniqueAmount) score += SCORE_POINTS.uniqueAmount;
  if (reference) score += SCORE_POINTS.reference;
  if (payerName === 'equal') score += SCORE_POINTS.payerName;
  if (payerName === 'differs') score += SCORE_POINTS.payerNameDiffers;
  score += inWindow ? SCORE_POINTS.inWindow : SCORE_POINTS.outOfWindow;
  if (last4) score += SCORE_POINTS.last4;
  return { score: Math.max(0, Math.min(100, score)), signals: { amount: true, uniqueAmount, reference, payerName, inWindow, last4 } };
}

export type ScoreSignal = keyof MatchScore['signals'];

/**
 * The score taken apart, signal by signal with the points each added or took away, in the order of
 * SCORE_POINTS: what a trader weighs before releasing on a suggestion. Their sum, clamped to 0-100,
 * is the score.
 */
export function scoreParts(signals: MatchScore['signals']): { signal: ScoreSignal; held: boolean | MatchScore['signals']['payerName']; points: number }[] {
  const payerNamePoints = signals.payerName === 'equal' ? SCORE_POINTS.payerName : signals.payerName === 'differs' ? SCORE_POINTS.payerNameDiffers : 0;
  return [
    { signal: 'amount', held: signals.amount, points: signals.amount ? SCORE_POINTS.exactAmount : 0 },
    { signal: 'uniqueAmount', held: signals.uniqueAmount, points: signals.uniqueAmount ? SCORE_POINTS.uniqueAmount : 0 },
    { signal: 'reference', held: signals.reference, points: signals.reference ? SCORE_POINTS.reference : 0 },
    { signal: 'payerName', held: signals.payerName, points: payerNamePoints },
    { signal: 'inWindow', held: signals.inWindow, points: signals.inWindow ? SCORE_POINTS.inWindow : SCORE_POINTS.outOfWindow },
    { signal: 'last4', held: signals.last4, points: signals.last4 ? SCORE_POINTS.last4 : 0 },
  ];
}
