'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ConfirmDialog } from '../../../_components/console/confirm-dialog';
import { ErrorLine } from '../../../_components/console/error-line';
import { useMerchantMessages } from '../../_components/messages-context';
import { disputeProcessMessages } from './dispute-process-messages';

/** The merchant takes back its dispute on a payout, after a confirmation (docs/merchant-guide.md, "Evidence requests"). */
export function WithdrawDispute({ orderNo }: { orderNo: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const { lang } = useMerchantMessages();
  const t = disputeProcessMessages[lang];
  const [open, setOpen] = useState(false);
  const withdraw = useMutation(trpc.merchantOrders.withdrawPayoutDispute.mutationOptions({ onSuccess: () => router.refresh() }));
  return (
    <div className="button-row">
      <button type="button" className="button" aria-haspopup="dialog" disabled={withdraw.isPending} onClick={() => setOpen(true)}>
        {t.withdraw}
      </button>
      <ConfirmDialog
        open={open}
        title={t.withdrawTitle(orderNo)}
        consequence={t.withdrawConsequence}
        confirmLabel={t.withdrawConfirm}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          withdraw.mutate({ reference: orderNo });
        }}
      />
      {withdraw.isSuccess ? <p role="status">{t.withdrawn}</p> : null}
      <ErrorLine error={withdraw.error} />
    </div>
  );
}
