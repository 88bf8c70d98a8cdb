import { z } from 'zod';

/**
 * Why an operator ruled as they did (docs/operator-guide.md, "Rulings"): every ruling carries one.
 * Stored in the order's resolution_code and sent to the merchant as `resolution.reasonCode`, so the
 * list only grows; a code is never renamed or reused for another meaning.
 */
export const rulingReasonCodes = [
  'proof_valid',
  'proof_invalid',
  'payment_not_received',
  'wrong_amount_paid',
  'wrong_recipient',
  'duplicate_payment',
  'merchant_unresponsive',
  'fraud_suspected',
  'other',
] as const;
export type RulingReasonCode = (typeof rulingReasonCodes)[number];

export const rulingReasonCode = z.enum(rulingReasonCodes);

/** The console's wording of each code (the operator guide's table says the same). */
export const rulingReasonLabels: Record<RulingReasonCode, string> = {
  proof_valid: 'The proof shows the payment was made',
  proof_invalid: 'The proof is forged, unreadable or not this payment',
  payment_not_received: 'The money did not arrive',
  wrong_amount_paid: 'A different amount was paid',
  wrong_recipient: 'Paid to the wrong account',
  duplicate_payment: 'Paid twice or proof reused from another order',
  merchant_unresponsive: 'The merchant did not answer',
  fraud_suspected: 'Fraud suspected',
  other: 'Other (explained in the note)',
};
