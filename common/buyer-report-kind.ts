/**
 * What the buyer reports from the checkout (docs/merchant-guide.md, "What the buyer sees"). Only
 * "the payee has not confirmed" waits: a transfer can take minutes to show and the payee usually
 * confirms within them, so reporting early would only turn a confirmation into an operator's ruling.
 * The others are mistakes the buyer knows of at once and that waiting cannot mend.
 */
export const buyerReportKinds = ['not_confirmed', 'amount_differs', 'other_details', 'other'] as const;
// No zod here: the checkout's bundle imports this module, and the schema lives with the procedure.
export type BuyerReportKind = (typeof buyerReportKinds)[number];

/** Whether this kind of report waits defaultWindows.payinBuyerReportAfterMs after "I Have Paid". */
export const waitsAfterPaying = (kind: BuyerReportKind): boolean => kind === 'not_confirmed';

/** How the kind reads in the order's timeline, for operators (who read English). */
export const buyerReportKindLabel: Record<BuyerReportKind, string> = {
  not_confirmed: 'The payee has not confirmed',
  amount_differs: 'Transferred a different amount',
  other_details: 'Transferred to other details or without the memo code',
  other: 'Something else',
};
