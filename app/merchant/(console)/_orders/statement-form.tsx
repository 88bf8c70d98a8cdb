'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ErrorLine } from '../../../operator/_components/error-line';
import { useMerchantMessages } from '../../_components/messages-context';
import { ordersMessages } from '../../_components/orders-messages';

/** A statement for the operator on a payout being decided or disputed (images: through the API for now). */
export function StatementForm({ orderNo }: { orderNo: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const { lang } = useMerchantMessages();
  const t = ordersMessages[lang].order;
  const [statement, setStatement] = useState('');
  const add = useMutation(trpc.merchantOrders.addPayoutStatement.mutationOptions());
  return (
    <form
      className="console-form"
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate(
          { reference: orderNo, statement },
          {
            onSuccess: () => {
              setStatement('');
              router.refresh();
            },
          },
        );
      }}
    >
      <label>
        {t.statement}
        <textarea value={statement} maxLength={2000} required onChange={(event) => setStatement(event.target.value)} />
      </label>
      <button type="submit" className="button" disabled={add.isPending || statement.trim() === ''}>
        {t.addStatement}
      </button>
      {add.isSuccess ? <p role="status">{t.added}</p> : null}
      <ErrorLine error={add.error} />
    </form>
  );
}
