'use client';

import type { inferRouterOutputs } from '@trpc/server';
import { formatCny, formatUsdt } from '../../../common/amount-display';
import type { AppRouter } from '../../_trpc/root';
import { Countdown } from '../_components/countdown';
import { CopyButton } from '../_components/copy-button';
import { DisputeEvidence } from '../_components/dispute-evidence';
import { TraderConversation } from '../_components/trader-conversation';
import { formatTime } from '../_components/format';
import { useTraderMessages } from '../_components/messages-context';
import { ProofUploader } from './proof-uploader';
import { RecipientAccount } from './recipient-account';
import { ReleaseTask, type ReleaseCharge } from './release-task';

export type TraderPayout = inferRouterOutputs<AppRouter>['trader']['payouts']['items'][number];

/** What happens next, in the trader's words, for each state after the proof. */
function Outcome({ payout, now }: { payout: TraderPayout; now: number | null }) {
  const { lang, t } = useTraderMessages();
  const p = t.payouts;
  // What people typed (a dispute reason, an operator's note) is shown as written, marked as data.
  const note = payout.resolutionNote ? (
    <>
      {p.operatorNote('')}
      <span translate="no">{payout.resolutionNote}</span>
    </>
  ) : null;
  switch (payout.status) {
    case 'PAYMENT_SUBMITTED':
      return (
        <>
          <p>{p.submitted(payout.proofCount, formatTime(payout.firstProofSubmittedAt, lang))}</p>
          {payout.merchantActionDueAt ? <Countdown label={p.merchantDecides} dueAt={payout.merchantActionDueAt} now={now} /> : null}
        </>
      );
    case 'DISPUTED':
      return (
        <>
          <p>{p.disputed(null)}</p>
          {payout.disputeReason ? (
            <p>
              <q translate="no">{payout.disputeReason}</q>
            </p>
          ) : null}
        </>
      );
    case 'COMPLETED':
      // After a ruling, what it paid: a split pays the trader only part of the usdAmount.
      return (
        <p className="trader-success" data-testid="payout-outcome">
          {payout.ruling?.outcome === 'split'
            ? p.ruledSplit(payout.ruling.traderAmount, payout.ruling.merchantAmount)
            : payout.ruling
              ? p.ruledRelease(payout.ruling.traderAmount)
              : p.completed(formatTime(payout.completedAt, lang), formatUsdt(payout.usdAmount))}
          {note}
        </p>
      );
    case 'CANCELLED':
      return (
        <p data-testid="payout-outcome">
          {p.cancelled(formatTime(payout.cancelledAt, lang))}
          {payout.ruling ? ` ${p.ruledRefund}` : null}
          {note}
        </p>
      );
    default:
      return null;
  }
}

export function PayoutCard({
  payout,
  now,
  releaseLimit,
  onCharged,
}: {
  payout: TraderPayout;
  now: number | null;
  /** Give-backs after seeing the number allowed in 24 hours (docs/trader-guide.md, "Rules"). */
  releaseLimit: number;
  onCharged: (orderNo: string, charge: ReleaseCharge) => void;
}) {
  const { t } = useTraderMessages();
  const p = t.payouts;
  const headingId = `payout-${payout.orderId}`;
  const amount = formatCny(payout.fiatAmount);
  return (
    <li className="trader-card trader-payout">
      <article aria-labelledby={headingId}>
        <header className="trader-card-head">
          <h2 id={headingId}>
            ¥{amount}{' '}
            <span className="trader-muted">
              {p.to} <span translate="no">{payout.holderName}</span>
            </span>
          </h2>
          <span className={`trader-status is-${payout.status.toLowerCase()}`}>{t.payoutStatus[payout.status] ?? payout.statusLabel}</span>
        </header>
        <p className="trader-muted">
          <span translate="no">{payout.orderNo}</span> · {p.youReceive(formatUsdt(payout.usdAmount), payout.fxRate)}
        </p>
        {payout.status === 'PAYMENT_OVERDUE' ? <p className="trader-error">{p.overdue}</p> : null}
        {payout.transferDue && payout.paymentDueAt ? <Countdown label={p.transferWithin} dueAt={payout.paymentDueAt} now={now} /> : null}

        <dl className="trader-facts">
          <div>
            <dt>{p.amount}</dt>
            <dd>
              <span className="trader-mono">{amount}</span> CNY {payout.transferDue ? <CopyButton value={payout.fiatAmount} name={p.amount} /> : null}
            </dd>
          </div>
          <div>
            <dt>{p.holder}</dt>
            <dd>
              <span translate="no">{payout.holderName}</span> {payout.transferDue ? <CopyButton value={payout.holderName} name={p.holder} /> : null}
            </dd>
          </div>
          <div>
            <dt>{p.bank}</dt>
            <dd>
              <span translate="no">{payout.bankName}</span> {payout.transferDue ? <CopyButton value={payout.bankName} name={p.bank} /> : null}
            </dd>
          </div>
          <div>
            <dt>{p.accountNumber}</dt>
            <dd>
              {payout.transferDue ? (
                <RecipientAccount orderId={payout.orderId} last4={payout.accountLast4} />
              ) : (
                <span className="trader-mono">•••• {payout.accountLast4}</span>
              )}
            </dd>
          </div>
        </dl>

        {payout.transferDue ? <ProofUploader orderId={payout.orderId} orderNo={payout.orderNo} /> : <Outcome payout={payout} now={now} />}
        {payout.status === 'DISPUTED' ? <DisputeEvidence flow="payout" orderId={payout.orderId} orderNo={payout.orderNo} /> : null}
        {payout.status === 'DISPUTED' ? <TraderConversation flow="payout" orderId={payout.orderId} orderNo={payout.orderNo} /> : null}
        {payout.canRelease ? (
          <ReleaseTask orderId={payout.orderId} orderNo={payout.orderNo} numberSeen={payout.numberSeen} limit={releaseLimit} onCharged={onCharged} />
        ) : null}
        {/* A dispute's "evidence requested / add evidence" panel goes here, below what happens next. */}
      </article>
    </li>
  );
}
