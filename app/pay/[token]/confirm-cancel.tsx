'use client';

import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../_trpc/client';
import { ConfirmStep } from './confirm-step';
import { useMessages } from './messages-context';
import { useViewUpdate } from './use-view-update';

export function ConfirmCancel({ token, onBack }: { token: string; onBack: () => void }) {
  const { t } = useMessages();
  const trpc = useTRPC();
  const cancel = useMutation(trpc.checkout.cancel.mutationOptions(useViewUpdate(token)));
  return (
    <ConfirmStep
      heading={t.confirmCancelHeading}
      confirmLabel={t.confirmCancel}
      backLabel={t.keepPaying}
      onConfirm={() => cancel.mutate({ token })}
      onBack={onBack}
      pending={cancel.isPending}
      error={cancel.error}
      tone="danger"
    >
      <p>{t.confirmCancelNote}</p>
    </ConfirmStep>
  );
}
