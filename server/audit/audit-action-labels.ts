/**
 * Readable labels of the audit log's actions, for the console. An action without a label here is
 * shown humanised ("merchant.webhook.set" -> "Merchant webhook set"), so a new action is never blank.
 */
const labels: Record<string, string> = {
  'apikey.issue': 'API key issued',
  'apikey.revoke': 'API key revoked',
  'auth.password_changed': 'Password changed',
  'auth.password_reset': 'Password reset',
  'auth.recovery_code_used': 'Signed in with a recovery code',
  'auth.recovery_codes_generated': 'Recovery codes made',
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in refused',
  'auth.sign_out_everywhere': 'Signed out everywhere',
  'auth.totp_enrolled': 'Second factor enrolled',
  'card.view': 'Card number viewed',
  'dispute.claim': 'Dispute claimed',
  'dispute.evidence_added': 'Dispute evidence added',
  'order.deadline_extended': 'Deadline extended',
  'dispute.evidence_requested': 'Evidence requested from a party',
  'dispute.evidence_request_withdrawn': 'Evidence request withdrawn',
  'dispute.internal_note_added': 'Internal note added',
  'dispute.release_claim': 'Dispute claim released',
  'merchant.checkout_logo_removed': 'Checkout logo removed',
  'merchant.checkout_logo_set': 'Checkout logo set',
  'merchant.checkout_update': 'Checkout settings changed',
  'merchant.create': 'Merchant created',
  'merchant.update': 'Merchant settings changed',
  'merchant.webhook.clear': 'Webhook endpoint removed',
  'merchant.webhook.resend': 'Webhook event resent',
  'merchant.webhook.rotate_secret': 'Webhook secret rotated',
  'merchant.webhook.set': 'Webhook endpoint set',
  'operator.create': 'Operator created',
  'reference_rate.clear': 'Reference rate override cleared',
  'reference_rate.set': 'Reference rate overridden',
  'trader.create': 'Trader created',
  'trader.bank_account.add': 'Trader bank account added',
  'trader.bank_account.disable': 'Trader bank account disabled',
  'trader.quote.set': 'Trader quote set',
  'trader.suspend': 'Trader suspended',
  'trader.activate': 'Trader reactivated',
  'balance.credit': 'Balance credited',
  'balance.debit': 'Balance debited',
  'merchant.webhook.test': 'Webhook test sent',
  'dispute.resolve_release': 'Ruling: released to the trader',
  'dispute.resolve_refund': 'Ruling: refunded to the merchant',
  'dispute.resolve_complete': 'Ruling: pay-in completed',
  'dispute.resolve_fail': 'Ruling: pay-in failed',
  'dispute.resolve_split': 'Ruling: split between the parties',
  'dispute.propose_ruling': 'Ruling proposed (four eyes)',
  'dispute.approve_ruling': 'Proposed ruling approved',
  'dispute.reject_ruling': 'Proposed ruling rejected',
  'dispute.withdraw_ruling': 'Proposed ruling withdrawn',
  'four_eyes_threshold.set': 'Four-eyes threshold set',
  'payout.reassign': 'Payout back to the pool',
  'payout.cancel': 'Payout cancelled and unfrozen',
  'payout.merchant_cancel': 'Payout cancelled by the merchant',
  'payin.merchant_cancel': 'Pay-in cancelled by the merchant',
  'payout.merchant_confirm': 'Payout confirmed by the merchant',
  'payout.merchant_dispute': 'Payout disputed by the merchant',
};

export function auditActionLabel(action: string): string {
  const known = labels[action];
  if (known) return known;
  const words = action.replace(/[._]/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
