'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTRPC } from '../../_trpc/client';
import { formatCny, formatUsdt } from '../../../common/amount-display';
import { errorText } from '../_components/format';
import { useTraderMessages } from '../_components/messages-context';
import type { TraderPayin } from './payin-card';

type Step = 'choose' | 'release' | 'not-received';

/** "Received, release" or "Not received" (with a reason), each confirmed before it is sent. */
export function PayinDecision({ payin, onDone }: { payin: TraderPayin; onDone: (message: string) => void }) {
  const trpc = useTRPC();
  const { t } = useTraderMessages();
  const p = t.payins;
  const queryClient = useQueryClient();
  const reasonId = useId();
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const [step, setStep] = useState<Step>('choose');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.trader.payins.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.trader.overview.queryKey() });
  };
  const release = useMutation(
    trpc.trader.releasePayin.mutationOptions({
      onSuccess: (order) => {
        onDone(order.status === 'COMPLETED' ? p.doneCompleted(order.orderNo, formatUsdt(order.assetAmount)) : p.doneStuck(order.orderNo, t.payinStatus[order.status] ?? order.status));
        refresh();
      },
    }),
  );
  const notReceived = useMutation(
    trpc.trader.notReceived.mutationOptions({
      onSuccess: (order) => {
        onDone(p.doneReported(order.orderNo));
        refresh();
      },
    }),
  );
  const amount = `¥${formatCny(payin.fiatAmount)}`;

  function report(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setReasonError(p.reasonNeeded);
      reasonField.current?.focus();
      return;
    }
    setReasonError('');
    notReceived.mutate({ orderId: payin.orderId, reason: reason.trim() });
  }

  if (step === 'release') {
    return (
      <div className="trader-confirm" role="group" aria-label={p.releaseQuestion(payin.orderNo)}>
        <p>{p.releaseText(amount, payin.receivingBank ?? '', payin.receivingAccountLast4 ?? '', formatUsdt(payin.assetAmount))}</p>
        <div className="trader-actions">
          <button type="button" className="trader-button is-primary" disabled={release.isPending} onClick={() => release.mutate({ orderId: payin.orderId })}>
            {release.isPending ? p.releasingShort : p.yesRelease}
          </button>
          <button type="button" className="trader-button" onClick={() => setStep('choose')}>
            {t.common.back}
          </button>
        </div>
        <p role="alert" className="trader-error">
          {release.isError ? errorText(release.error, t) : ''}
        </p>
      </div>
    );
  }

  if (step === 'not-received') {
    return (
      <form className="trader-confirm trader-form" onSubmit={report} aria-label={p.reportLabel(payin.orderNo)} noValidate>
        <label htmlFor={reasonId}>{p.whatFound}</label>
        <textarea
          id={reasonId}
          ref={reasonField}
          value={reason}
          maxLength={500}
          rows={3}
          required
          aria-invalid={reasonError ? true : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        <p className="trader-hint">{p.reportHint}</p>
        <div className="trader-actions">
          <button type="submit" className="trader-button is-danger" disabled={notReceived.isPending}>
            {notReceived.isPending ? p.reporting : p.reportButton}
          </button>
          <button type="button" className="trader-button" onClick={() => setStep('choose')}>
            {t.common.back}
          </button>
        </div>
        <p role="alert" className="trader-error">
          {reasonError || (notReceived.isError ? errorText(notReceived.error, t) : '')}
        </p>
      </form>
    );
  }

  return (
    <div className="trader-actions">
      <button type="button" className="trader-button is-primary" onClick={() => setStep('release')}>
        {p.receivedRelease}
        <span className="visually-hidden"> {payin.orderNo}</span>
      </button>
      <button type="button" className="trader-button" onClick={() => setStep('not-received')}>
        {p.notReceived}
        <span className="visually-hidden"> {payin.orderNo}</span>
      </button>
    </div>
  );
}
