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
  // The automatic rulings' own codes (docs/operator-guide.md, "Automatic rulings"): one per rule.
  'auto_no_payment_evidence',
  'auto_bank_notification_matched',
  'auto_trader_unresponsive',
  'auto_proof_uncontested',
  // The parties settled it themselves (docs/operator-guide.md, "Settlements between the parties").
  'parties_agreed',
] as const;
export type RulingReasonCode = (typeof rulingReasonCodes)[number];

/** Codes only the system writes: the automatic rulings' and the parties' settlements. */
const reservedCode = (code: string) => code.startsWith('auto_') || code === 'parties_agreed';

/** The codes an operator may choose; the reserved ones belong to the automatic rulings and the parties' settlements alone. */
export const operatorReasonCodes = rulingReasonCodes.filter((code) => !reservedCode(code));

export const rulingReasonCode = z.enum(rulingReasonCodes).refine((code) => !reservedCode(code), { error: 'is reserved for automatic rulings and settlements' });

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
  auto_no_payment_evidence: 'Automatic: no payment evidence and no bank notification by the deadline',
  auto_bank_notification_matched: "Automatic: the trader's bank notification matched the payment",
  auto_trader_unresponsive: 'Automatic: the trader did not answer the dispute by the deadline',
  auto_proof_uncontested: "Automatic: the merchant did not contest the trader's proof by the deadline",
  parties_agreed: 'The parties agreed on a settlement in the conversation',
};
