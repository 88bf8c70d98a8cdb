'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTRPC } from '../../_trpc/client';
import { errorText } from '../_components/format';
import type { TraderPayin } from './payin-card';

type Step = 'choose' | 'release' | 'not-received';

/** "Received, release" or "Not received" (with a reason), each confirmed before it is sent. */
export function PayinDecision({ payin, onDone }: { payin: TraderPayin; onDone: (message: string) => void }) {
  const trpc = useTRPC();
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
        onDone(
          order.status === 'COMPLETED'
            ? `${order.orderNo} completed: ${order.assetAmount} USDT released to the merchant.`
            : `${order.orderNo} could not be settled (${order.status}); an operator will look into it.`,
        );
        refresh();
      },
    }),
  );
  const notReceived = useMutation(
    trpc.trader.notReceived.mutationOptions({
      onSuccess: (order) => {
        onDone(`${order.orderNo} reported as not received: an operator will review it.`);
        refresh();
      },
    }),
  );
  const amount = `¥${payin.fiatAmount}`;

  function report(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setReasonError('Say what you found on your account before reporting.');
      reasonField.current?.focus();
      return;
    }
    setReasonError('');
    notReceived.mutate({ orderId: payin.orderId, reason: reason.trim() });
  }

  if (step === 'release') {
    return (
      <div className="trader-confirm" role="group" aria-label={`Release ${payin.orderNo}?`}>
        <p>
          Did {amount} arrive on your {payin.receivingBank ?? ''} account ending {payin.receivingAccountLast4}? Releasing sends{' '}
          {payin.assetAmount} USDT from your escrow to the merchant. This cannot be undone.
        </p>
        <div className="trader-actions">
          <button type="button" className="trader-button is-primary" disabled={release.isPending} onClick={() => release.mutate({ orderId: payin.orderId })}>
            {release.isPending ? 'Releasing…' : 'Yes, release'}
          </button>
          <button type="button" className="trader-button" onClick={() => setStep('choose')}>
            Back
          </button>
        </div>
        <p role="alert" className="trader-error">
          {release.isError ? errorText(release.error) : ''}
        </p>
      </div>
    );
  }

  if (step === 'not-received') {
    return (
      <form className="trader-confirm trader-form" onSubmit={report} aria-label={`Report ${payin.orderNo} not received`} noValidate>
        <label htmlFor={reasonId}>What did you find on your account?</label>
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
        <p className="trader-hint">An operator reviews the order; the USDT stays in escrow meanwhile.</p>
        <div className="trader-actions">
          <button type="submit" className="trader-button is-danger" disabled={notReceived.isPending}>
            {notReceived.isPending ? 'Reporting…' : 'Report not received'}
          </button>
          <button type="button" className="trader-button" onClick={() => setStep('choose')}>
            Back
          </button>
        </div>
        <p role="alert" className="trader-error">
          {reasonError || (notReceived.isError ? errorText(notReceived.error) : '')}
        </p>
      </form>
    );
  }

  return (
    <div className="trader-actions">
      <button type="button" className="trader-button is-primary" onClick={() => setStep('release')}>
        Received, release<span className="visually-hidden"> {payin.orderNo}</span>
      </button>
      <button type="button" className="trader-button" onClick={() => setStep('not-received')}>
        Not received<span className="visually-hidden"> {payin.orderNo}</span>
      </button>
    </div>
  );
}
