'use client';

import type { inferRouterOutputs } from '@trpc/server';
import { formatCny, formatUsdt } from '../../../common/amount-display';
import type { AppRouter } from '../../_trpc/root';
import { Countdown } from '../_components/countdown';
import { DisputeEvidence } from '../_components/dispute-evidence';
import { TraderConversation } from '../_components/trader-conversation';
import { formatTime } from '../_components/format';
import { useTraderMessages } from '../_components/messages-context';
import { PayinDecision } from './payin-decision';

export type TraderPayin = inferRouterOutputs<AppRouter>['trader']['payins']['items'][number];

function Status({ payin, now }: { payin: TraderPayin; now: number | null }) {
  const { lang, t } = useTraderMessages();
  const p = t.payins;
  switch (payin.status) {
    case 'PENDING_PAYMENT':
      return (
        <>
          <p>{p.waitingBuyer}</p>
          <Countdown label={p.buyerPaysWithin} dueAt={payin.expiresAt} now={now} />
        </>
      );
    case 'PAYMENT_SUBMITTED':
      return <p className="trader-attention">{p.buyerReported(formatTime(payin.paymentSubmittedAt, lang))}</p>;
    case 'PENDING_RELEASE':
    case 'SETTLING':
      return <p>{p.releasing}</p>;
    case 'DISPUTED':
      // A reason or note people typed is shown as written, marked as data.
      return (
        <>
          <p>{p.disputed(null)}</p>
          {payin.disputeReason ? (
            <p>
              <q translate="no">{payin.disputeReason}</q>
            </p>
          ) : null}
        </>
      );
    case 'COMPLETED':
      // After a ruling, what went where: a split returns part of the escrow to the trader.
      return (
        <p className="trader-success" data-testid="payin-outcome">
          {payin.ruling?.outcome === 'split'
            ? p.ruledSplit(payin.ruling.traderAmount, payin.ruling.merchantAmount, payin.ruling.feeAmount)
            : payin.ruling
              ? p.ruledComplete(payin.ruling.merchantAmount, payin.ruling.feeAmount)
              : p.completed(formatTime(payin.completedAt, lang))}
          {payin.ruling ? (
            <>
              {p.operatorNote('')}
              <q translate="no">{payin.ruling.note}</q>
            </>
          ) : null}
        </p>
      );
    case 'CANCELLED':
      return <p>{p.cancelled(formatTime(payin.cancelledAt, lang))}</p>;
    case 'FAILED':
      return (
        <p>
          {payin.ruling ? p.ruledFail(payin.ruling.traderAmount) : p.failed(null)} {payin.resolutionNote ? <q translate="no">{payin.resolutionNote}</q> : null}
        </p>
      );
    default:
      return null;
  }
}

export function PayinCard({ payin, now, onDone }: { payin: TraderPayin; now: number | null; onDone: (message: string) => void }) {
  const { lang, t } = useTraderMessages();
  const p = t.payins;
  const headingId = `payin-${payin.orderId}`;
  const evidence = payin.notification;
  return (
    <li className="trader-card">
      <article aria-labelledby={headingId}>
        <header className="trader-card-head">
          <h2 id={headingId}>
            ¥{formatCny(payin.fiatAmount)}{' '}
            <span className="trader-muted" translate="no">
              {payin.orderNo}
            </span>
          </h2>
          <span className={`trader-status is-${payin.status.toLowerCase()}`}>{t.payinStatus[payin.status] ?? payin.statusLabel}</span>
        </header>
        <p className="trader-muted">
          {p.atRate(formatUsdt(payin.assetAmount), payin.fxRate)}
          {payin.receivingBank ? (
            <>
              {' · '}
              {p.into} <span translate="no">{payin.receivingBank}</span> •••• {payin.receivingAccountLast4}
            </>
          ) : null}
        </p>
        {payin.buyerReference || payin.paymentAmount !== payin.fiatAmount ? (
          <p>
            {p.expect}
            <strong>¥{formatCny(payin.paymentAmount)}</strong>
            {payin.buyerReference ? (
              <>
                {p.withReference}
                <strong data-testid="payin-reference" translate="no">
                  {payin.buyerReference}
                </strong>
                {p.inMemo}
              </>
            ) : null}
            {payin.payerName ? (
              <>
                {p.from}
                <span translate="no">{payin.payerName}</span>
              </>
            ) : null}
            {p.sentenceEnd}
          </p>
        ) : null}
        {evidence ? (
          <p className={evidence.matchStatus === 'suggested' ? 'trader-attention' : 'trader-success'} data-testid="payin-evidence">
            {evidence.matchStatus === 'released'
              ? p.autoReleased(formatTime(evidence.receivedAt, lang), evidence.score ?? 0)
              : evidence.matchStatus === 'confirmed'
                ? p.youConfirmed(formatTime(evidence.receivedAt, lang))
                : p.looksLike(formatTime(evidence.receivedAt, lang), evidence.score ?? 0)}
          </p>
        ) : null}
        <Status payin={payin} now={now} />
        {payin.status === 'DISPUTED' ? <DisputeEvidence flow="payin" orderId={payin.orderId} orderNo={payin.orderNo} /> : null}
        {payin.status === 'DISPUTED' ? <TraderConversation flow="payin" orderId={payin.orderId} orderNo={payin.orderNo} /> : null}
        {payin.awaitsDecision ? <PayinDecision payin={payin} onDone={onDone} /> : null}
        {/* A dispute's "evidence requested / add evidence" panel goes here, below the decision. */}
      </article>
    </li>
  );
}
