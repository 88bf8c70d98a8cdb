'use client';

import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../_trpc/root';
import { Countdown } from '../_components/countdown';
import { DisputeEvidence } from '../_components/dispute-evidence';
import { formatTime } from '../_components/format';
import { PayinDecision } from './payin-decision';

export type TraderPayin = inferRouterOutputs<AppRouter>['trader']['payins']['items'][number];

function Status({ payin, now }: { payin: TraderPayin; now: number | null }) {
  switch (payin.status) {
    case 'PENDING_PAYMENT':
      return (
        <>
          <p>Waiting for the buyer to transfer.</p>
          <Countdown label="Buyer pays within" dueAt={payin.expiresAt} now={now} />
        </>
      );
    case 'PAYMENT_SUBMITTED':
      return <p className="trader-attention">The buyer reported paying at {formatTime(payin.paymentSubmittedAt)}. Check your account.</p>;
    case 'PENDING_RELEASE':
    case 'SETTLING':
      return <p>Releasing the USDT to the merchant…</p>;
    case 'DISPUTED':
      return <p>Disputed{payin.disputeReason ? `: “${payin.disputeReason}”` : ''}. An operator will decide; the USDT stays in escrow until then.</p>;
    case 'COMPLETED':
      return <p className="trader-success">Completed {formatTime(payin.completedAt)}: the USDT went to the merchant.</p>;
    case 'CANCELLED':
      return <p>Cancelled or expired {formatTime(payin.cancelledAt)}: the USDT came back to your available balance.</p>;
    case 'FAILED':
      return <p>Failed{payin.resolutionNote ? `: ${payin.resolutionNote}` : ''}.</p>;
    default:
      return null;
  }
}

export function PayinCard({ payin, now, onDone }: { payin: TraderPayin; now: number | null; onDone: (message: string) => void }) {
  const headingId = `payin-${payin.orderId}`;
  return (
    <li className="trader-card">
      <article aria-labelledby={headingId}>
        <header className="trader-card-head">
          <h2 id={headingId}>
            ¥{payin.fiatAmount} <span className="trader-muted">{payin.orderNo}</span>
          </h2>
          <span className={`trader-status is-${payin.status.toLowerCase()}`}>{payin.statusLabel}</span>
        </header>
        <p className="trader-muted">
          {payin.assetAmount} USDT at {payin.fxRate}
          {payin.receivingBank ? ` · into ${payin.receivingBank} •••• ${payin.receivingAccountLast4}` : ''}
        </p>
        {payin.buyerReference || payin.paymentAmount !== payin.fiatAmount ? (
          <p>
            Expect <strong>¥{payin.paymentAmount}</strong>
            {payin.buyerReference ? (
              <>
                {' '}
                with the reference <strong data-testid="payin-reference">{payin.buyerReference}</strong> in the memo
              </>
            ) : null}
            {payin.payerName ? ` from ${payin.payerName}` : ''}.
          </p>
        ) : null}
        {payin.notification ? (
          <p className={payin.notification.matchStatus === 'suggested' ? 'trader-attention' : 'trader-success'} data-testid="payin-evidence">
            {payin.notification.matchStatus === 'released'
              ? `Released automatically from your bank's notification of ${formatTime(payin.notification.receivedAt)} (score ${payin.notification.score ?? 0}).`
              : payin.notification.matchStatus === 'confirmed'
                ? `You confirmed it from your bank's notification of ${formatTime(payin.notification.receivedAt)}.`
                : `A bank notification of ${formatTime(payin.notification.receivedAt)} looks like this payment (score ${payin.notification.score ?? 0}): see Bank notifications.`}
          </p>
        ) : null}
        <Status payin={payin} now={now} />
        {payin.status === 'DISPUTED' ? <DisputeEvidence flow="payin" orderId={payin.orderId} orderNo={payin.orderNo} /> : null}
        {payin.awaitsDecision ? <PayinDecision payin={payin} onDone={onDone} /> : null}
      </article>
    </li>
  );
}
