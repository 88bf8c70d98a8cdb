'use client';

import { useRef, useState } from 'react';
import { ConfirmCancel } from './confirm-cancel';
import { ConfirmPaid } from './confirm-paid';
import { useMessages } from './messages-context';
import type { CheckoutView } from './types';

type Step = 'idle' | 'paid' | 'cancel';

/**
 * "I Have Paid" and "Cancel payment", each behind its own confirmation; only one question is open
 * at a time. `bank` is null while no trader is matched: then the buyer can only cancel.
 */
export function PaymentActions({ token, view, bank }: { token: string; view: CheckoutView; bank: CheckoutView['bank'] }) {
  const { t } = useMessages();
  const [step, setStep] = useState<Step>('idle');
  // Back from a question, focus returns to the button that asked it, not to the top of the page.
  const returnFocusTo = useRef<Step>('idle');
  const back = () => {
    returnFocusTo.current = step;
    setStep('idle');
  };
  const focusIfReturning = (which: Step) => (element: HTMLButtonElement | null) => {
    if (element && returnFocusTo.current === which) {
      returnFocusTo.current = 'idle';
      element.focus();
    }
  };

  if (step === 'paid' && bank) return <ConfirmPaid token={token} view={view} bank={bank} onBack={back} />;
  if (step === 'cancel') return <ConfirmCancel token={token} onBack={back} />;
  return (
    <>
      {bank ? (
        // Sticky at the bottom of the viewport: on a small phone the button stays in reach while the
        // buyer scrolls between the bank details and their banking app.
        <div className="checkout-sticky-action">
          <button type="button" ref={focusIfReturning('paid')} className="button button-primary button-block button-large" onClick={() => setStep('paid')}>
            {t.iHavePaid}
          </button>
        </div>
      ) : null}
      <div className="checkout-actions">
        <button type="button" ref={focusIfReturning('cancel')} className="button-link" onClick={() => setStep('cancel')}>
          {t.cancelPayment}
        </button>
      </div>
    </>
  );
}
