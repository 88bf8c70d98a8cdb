'use client';

import { AmountSummary } from './amount-summary';
import { BankDetails } from './bank-details';
import { Countdown } from './countdown';
import { formatCny } from './format';
import { useMessages } from './messages-context';
import { PaymentActions } from './payment-actions';
import { ScreenHeading } from './screen-heading';
import type { CheckoutView } from './types';

/**
 * PENDING_PAYMENT: what to transfer, to whom, by when. The time, the amount, the bank details and
 * "I Have Paid" (sticky at the bottom) fit the first screen of a 375x568 phone; the rest follows.
 */
export function PayScreen({ token, view, remainingMs }: { token: string; view: CheckoutView; remainingMs: number }) {
  const { t } = useMessages();
  return (
    <>
      <div className="checkout-pay-top">
        <ScreenHeading>{t.payHeading}</ScreenHeading>
        <Countdown remainingMs={remainingMs} />
      </div>
      <AmountSummary view={view} />
      {view.bank ? <BankDetails bank={view.bank} reference={view.buyerReference} /> : <p className="checkout-error">{t.bankUnavailable}</p>}
      <PaymentActions token={token} view={view} bank={view.bank} />
      <div className="checkout-instruction" role="note">
        <p>
          <strong>{t.exactInstruction(formatCny(view.fiatAmount))}</strong>
        </p>
        <p>{t.exactDetail}</p>
      </div>
      {view.buyerReference ? (
        <div className="checkout-instruction" role="note" data-testid="buyer-reference">
          <p>
            <strong>{t.referenceInstruction(view.buyerReference)}</strong>
          </p>
          <p>{t.referenceDetail}</p>
        </div>
      ) : null}
    </>
  );
}
