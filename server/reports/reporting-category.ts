/**
 * The reporting category of a movement (docs/ledger.md, "Reporting categories"): a small, stable
 * set a finance team sums by, derived from the ledger transfer's kind so no transfer needs a new
 * column and every transfer ever posted has one. The set only grows; a kind this list does not
 * know reads `other` (report-sql.ts), which the statements still add up (a new flow shows there until it is named).
 */
export const reportingCategories = [
  'payin_settled',
  'payout_completed',
  'fee',
  'dispute_split',
  'deposit',
  'withdrawal',
  'hold',
  'adjustment',
  'bond',
  'other',
] as const;
export type ReportingCategory = (typeof reportingCategories)[number];

export const categoryByKind: Readonly<Record<string, ReportingCategory>> = {
  'payin.settle': 'payin_settled',
  'payout.release': 'payout_completed',
  'payout.split': 'dispute_split',
  'payin.split': 'dispute_split',
  'deposit.credit': 'deposit',
  'withdrawal.confirm': 'withdrawal',
  // Moves between an owner's own accounts (a payout's freeze and its return, a pay-in's escrow and
  // its return, a withdrawal's hold and its return): they change no owner's total.
  'payout.freeze': 'hold',
  'payout.unfreeze': 'hold',
  'payin.escrow': 'hold',
  'payin.return_escrow': 'hold',
  'withdrawal.request': 'hold',
  'withdrawal.reject': 'hold',
  'withdrawal.fail': 'hold',
  'adjust.credit': 'adjustment',
  'adjust.debit': 'adjustment',
  // A trader's bond (docs/ledger.md, "Bond"): its moves in and out change no total; a penalty does.
  'bond.in': 'bond',
  'bond.out': 'bond',
  'bond.penalty': 'bond',
};

const ownerFeeKinds = ['withdrawal.confirm'];
const merchantFeeKinds = ['payin.settle', 'payin.split', 'payout.release', 'payout.split', ...ownerFeeKinds];

/**
 * The transfer kinds whose platform fee an owner of this type pays: a merchant on every order
 * movement and its withdrawals, a trader on its withdrawals only (a trader's part of an order
 * carries no fee).
 */
export function feeKindsOf(ownerType: string): readonly string[] {
  return ownerType === 'merchant' ? merchantFeeKinds : ownerFeeKinds;
}
