'use client';

import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTRPC } from '../../_trpc/client';
import { ConfirmStep } from './confirm-step';
import { formatCny } from './format';
import { useMessages } from './messages-context';
import type { CheckoutView } from './types';
import { useViewUpdate } from './use-view-update';

export function ConfirmPaid({ token, view, bank, onBack }: { token: string; view: CheckoutView; bank: NonNullable<CheckoutView['bank']>; onBack: () => void }) {
  const { t } = useMessages();
  const trpc = useTRPC();
  const markPaid = useMutation(trpc.checkout.markPaid.mutationOptions(useViewUpdate(token)));
  const [payerName, setPayerName] = useState('');
  const nameId = useId();
  return (
    <ConfirmStep
      heading={t.confirmPaidHeading}
      confirmLabel={t.confirm}
      backLabel={t.notYet}
      onConfirm={() => markPaid.mutate(view.askPayerName && payerName.trim() ? { token, payerName } : { token })}
      onBack={onBack}
      pending={markPaid.isPending}
      error={markPaid.error}
    >
      <p className="checkout-confirm-question">{t.confirmPaidQuestion(formatCny(view.fiatAmount), bank.holderName, bank.bankName)}</p>
      <p>{t.confirmPaidNote}</p>
      {view.buyerReference ? (
        <p>
          {t.referenceReminder}{' '}
          <strong className="checkout-mono">{view.buyerReference}</strong>
        </p>
      ) : null}
      {view.askPayerName ? (
        <div className="checkout-field">
          <label htmlFor={nameId}>{t.payerNameLabel}</label>
          <input
            id={nameId}
            name="payerName"
            type="text"
            maxLength={64}
            autoComplete="name"
            value={payerName}
            onChange={(event) => setPayerName(event.target.value)}
            aria-describedby={`${nameId}-hint`}
          />
          <small id={`${nameId}-hint`} className="checkout-hint">
            {t.payerNameHint}
          </small>
        </div>
      ) : null}
    </ConfirmStep>
  );
}
