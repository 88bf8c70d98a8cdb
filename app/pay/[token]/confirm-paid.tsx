'use client';

import { useMutation } from '@tanstack/react-query';
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
  return (
    <ConfirmStep
      heading={t.confirmPaidHeading}
      confirmLabel={t.confirm}
      backLabel={t.notYet}
      onConfirm={() => markPaid.mutate({ token })}
      onBack={onBack}
      pending={markPaid.isPending}
      error={markPaid.error}
    >
      <p className="checkout-confirm-question">{t.confirmPaidQuestion(formatCny(view.fiatAmount), bank.holderName, bank.bankName)}</p>
      <p>{t.confirmPaidNote}</p>
    </ConfirmStep>
  );
}
