import type { ReconciliationCheck, ReconciliationState } from '@/db/schema/reconciliation';

/** Why an item is not plainly matched (docs/reconciliation.md, "Reason codes"). */
export const reconciliationReasons = [
  'matched',
  'amount_differs',
  'no_bank_notification',
  'notification_without_order',
  'deposit_not_on_chain',
  'withdrawal_not_on_chain',
  'withdrawal_not_mined',
  'deposit_missing_from_ledger',
  'chain_unreadable',
  'solvency_shortfall',
  'solvency_unreadable',
  'invariant_broken',
  'ledger_check_pending',
  'fee_differs',
] as const;
type ReconciliationReason = (typeof reconciliationReasons)[number];

/** Ids, amounts and codes only: never card data, payer names or a notification's text. */
type FindingDetails = Record<string, string | number | boolean | null>;

/** What one check concluded about one subject of the day. */
export interface Finding {
  check: ReconciliationCheck;
  subjectType: string;
  subjectId: string;
  state: ReconciliationState;
  reason: ReconciliationReason;
  details: FindingDetails;
  /** Set for EXPECTED: when it turns MISMATCHED. */
  dueAt?: Date;
}

/** EXPECTED until `dueAt`, MISMATCHED from then on: the same finding on any later run. */
export function expectedUntil(now: Date, dueAt: Date): { state: ReconciliationState; dueAt: Date } {
  return { state: now.getTime() >= dueAt.getTime() ? 'MISMATCHED' : 'EXPECTED', dueAt };
}
