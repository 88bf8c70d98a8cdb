'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ErrorLine } from '../../../_components/console/error-line';
import { useMerchantMessages } from '../../_components/messages-context';
import { ordersMessages } from '../../_components/orders-messages';
import { statusLabel } from '../../../_components/order-labels';

type Step = { kind: 'CONFIRM' } | { kind: 'DISPUTE'; reason: string } | { kind: 'cancel' } | null;

export interface ActionOrder {
  flow: 'payout' | 'payin';
  orderNo: string;
  status: string;
  usdAmount: string;
  usdFeeAmount: string;
  fiatAmount: string;
  /** The merchant's actions from the order's status, as the state machine lists them. */
  actions: string[];
}

/**
 * CONFIRM / DISPUTE on a payout with proof and cancel where the state allows, each behind a
 * confirmation that names the amounts; the server decides again (a state that changed meanwhile
 * is INVALID_ORDER_STATE, shown inline). Rendered only for roles with orders.decide.
 */
export function OrderActions({ order }: { order: ActionOrder }) {
  const trpc = useTRPC();
  const router = useRouter();
  const { lang } = useMerchantMessages();
  const t = ordersMessages[lang].order;
  const [step, setStep] = useState<Step>(null);
  const [reason, setReason] = useState('');
  const [cancelReason, setCancelReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const decide = useMutation(trpc.merchantOrders.decidePayout.mutationOptions());
  const cancelPayout = useMutation(trpc.merchantOrders.cancelPayout.mutationOptions());
  const cancelPayin = useMutation(trpc.merchantOrders.cancelPayin.mutationOptions());
  const busy = decide.isPending || cancelPayout.isPending || cancelPayin.isPending;
  const finish = (status: string) => {
    setStep(null);
    setDone(t.done(statusLabel(lang, order.flow, status)));
    router.refresh();
  };
  const canDecide = order.flow === 'payout' && order.actions.includes('confirm') && order.actions.includes('dispute');
  const canCancel = order.actions.includes('merchant_cancel');
  if (done) return <p className="console-ok" role="status">{done}</p>;
  if (!canDecide && !canCancel) return null;
  return (
    <section aria-labelledby="decide-heading">
      <h2 id="decide-heading">{t.decide}</h2>
      {canDecide ? (
        <>
          <p>{t.decideLead}</p>
          {step === null ? (
            <div className="console-form">
              <button type="button" className="button is-primary" onClick={() => setStep({ kind: 'CONFIRM' })}>
                {t.confirm}
              </button>
              <label>
                {t.reason}
                <textarea value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
              </label>
              <button type="button" className="button is-danger" disabled={reason.trim() === ''} onClick={() => setStep({ kind: 'DISPUTE', reason: reason.trim() })}>
                {t.dispute}
              </button>
            </div>
          ) : null}
          {step?.kind === 'CONFIRM' || step?.kind === 'DISPUTE' ? (
            <div className="confirm-step" role="alertdialog" aria-labelledby="confirm-step-text">
              <p id="confirm-step-text">{(step.kind === 'CONFIRM' ? t.confirmStep : t.disputeStep)(order.usdAmount, order.usdFeeAmount, order.fiatAmount)}</p>
              <div className="button-row">
                <button
                  type="button"
                  className={step.kind === 'CONFIRM' ? 'button is-primary' : 'button is-danger'}
                  disabled={busy}
                  autoFocus
                  onClick={() =>
                    decide.mutate(
                      step.kind === 'CONFIRM' ? { reference: order.orderNo, decision: 'CONFIRM' } : { reference: order.orderNo, decision: 'DISPUTE', reason: step.reason },
                      { onSuccess: (result) => finish(result.status) },
                    )
                  }
                >
                  {busy ? t.working : step.kind === 'CONFIRM' ? t.yesConfirm : t.yesDispute}
                </button>
                <button type="button" className="button" onClick={() => setStep(null)}>
                  {t.back2}
                </button>
              </div>
              <ErrorLine error={decide.error} />
            </div>
          ) : null}
        </>
      ) : null}
      {canCancel ? (
        step?.kind === 'cancel' ? (
          <div className="confirm-step" role="alertdialog" aria-labelledby="cancel-step-text">
            <p id="cancel-step-text">{order.flow === 'payout' ? t.cancelPayoutStep(order.usdAmount, order.usdFeeAmount) : t.cancelPayinStep(order.fiatAmount)}</p>
            <label>
              {t.cancelReason}
              <input value={cancelReason} maxLength={500} onChange={(event) => setCancelReason(event.target.value)} />
            </label>
            <div className="button-row">
              <button
                type="button"
                className="button is-danger"
                disabled={busy}
                autoFocus
                onClick={() => {
                  const input = { reference: order.orderNo, reason: cancelReason.trim() || undefined };
                  if (order.flow === 'payout') cancelPayout.mutate(input, { onSuccess: (result) => finish(result.status) });
                  else cancelPayin.mutate(input, { onSuccess: (result) => finish(result.status) });
                }}
              >
                {busy ? t.working : t.yesCancel}
              </button>
              <button type="button" className="button" onClick={() => setStep(null)}>
                {t.back2}
              </button>
            </div>
            <ErrorLine error={order.flow === 'payout' ? cancelPayout.error : cancelPayin.error} />
          </div>
        ) : step === null ? (
          <button type="button" className="button is-danger" onClick={() => setStep({ kind: 'cancel' })}>
            {t.cancelAction}
          </button>
        ) : null
      ) : null}
    </section>
  );
}
