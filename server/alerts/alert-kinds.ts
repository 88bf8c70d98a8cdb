import { z } from 'zod';
import type { AlertKind } from '../../db/schema';

/** Every kind of alert, in the order the settings pages list them (docs/alerts.md, "Kinds"). */
const ALERT_KINDS = [
  'payout_task',
  'payin_to_confirm',
  'payout_to_confirm',
  'dispute_opened',
  'dispute_resolved',
  'dispute_message',
  'deadline_soon',
  'case_overdue',
  'ledger_alarm',
] as const satisfies readonly AlertKind[];

export const alertKindSchema = z.enum(ALERT_KINDS);

/**
 * The only facts an alert may carry. Each is an order number, an amount, a currency, an instant
 * or a fixed word: never a card number, payer name, note or anything a person typed, so no
 * message can leak one (alert-messages.test.ts checks every kind).
 */
export interface AlertParams {
  orderNo?: string;
  amount?: string;
  currency?: string;
  dueAt?: string;
  flow?: 'payout' | 'payin';
  party?: 'trader' | 'merchant' | 'buyer' | 'operator';
  check?: 'ledger' | 'solvency';
}
