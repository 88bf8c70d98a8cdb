'use client';

import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../_trpc/root';
import { Countdown } from '../_components/countdown';
import { CopyButton } from '../_components/copy-button';
import { DisputeEvidence } from '../_components/dispute-evidence';
import { formatTime } from '../_components/format';
import { ProofUploader } from './proof-uploader';
import { RecipientAccount } from './recipient-account';
import { ReleaseTask } from './release-task';

export type TraderPayout = inferRouterOutputs<AppRouter>['trader']['payouts']['items'][number];

/** What happens next, in the trader's words, for each state after the proof. */
function Outcome({ payout, now }: { payout: TraderPayout; now: number | null }) {
  switch (payout.status) {
    case 'PAYMENT_SUBMITTED':
      return (
        <>
          <p>
            Proof submitted ({payout.proofCount} image{payout.proofCount === 1 ? '' : 's'}) at {formatTime(payout.firstProofSubmittedAt)}.
            Waiting for the merchant to confirm.
          </p>
          {payout.merchantActionDueAt ? <Countdown label="Merchant decides within" dueAt={payout.merchantActionDueAt} now={now} /> : null}
        </>
      );
    case 'DISPUTED':
      return (
        <p>
          The merchant disputed this payout{payout.disputeReason ? `: “${payout.disputeReason}”` : ''}. An operator will review your proof;
          the USDT stays frozen until then.
        </p>
      );
    case 'COMPLETED':
      return (
        <p className="trader-success">
          Completed {formatTime(payout.completedAt)}: {payout.usdAmount} USDT credited to your available balance.
          {payout.resolutionNote ? ` Operator’s note: ${payout.resolutionNote}` : ''}
        </p>
      );
    case 'CANCELLED':
      return (
        <p>
          Cancelled {formatTime(payout.cancelledAt)}.{payout.resolutionNote ? ` Operator’s note: ${payout.resolutionNote}` : ''}
        </p>
      );
    default:
      return null;
  }
}

export function PayoutCard({ payout, now }: { payout: TraderPayout; now: number | null }) {
  const headingId = `payout-${payout.orderId}`;
  return (
    <li className="trader-card trader-payout">
      <article aria-labelledby={headingId}>
        <header className="trader-card-head">
          <h2 id={headingId}>
            ¥{payout.fiatAmount} <span className="trader-muted">to {payout.holderName}</span>
          </h2>
          <span className={`trader-status is-${payout.status.toLowerCase()}`}>{payout.statusLabel}</span>
        </header>
        <p className="trader-muted">
          {payout.orderNo} · you receive {payout.usdAmount} USDT at {payout.fxRate}
        </p>
        {payout.status === 'PAYMENT_OVERDUE' ? (
          <p className="trader-error">Your time to pay has passed and operators were alerted. If you have paid, upload the proof now.</p>
        ) : null}
        {payout.transferDue && payout.paymentDueAt ? <Countdown label="Transfer within" dueAt={payout.paymentDueAt} now={now} /> : null}

        <dl className="trader-facts">
          <div>
            <dt>Amount</dt>
            <dd>
              <span className="trader-mono">{payout.fiatAmount}</span> CNY {payout.transferDue ? <CopyButton value={payout.fiatAmount} name="Amount" /> : null}
            </dd>
          </div>
          <div>
            <dt>Account holder</dt>
            <dd>
              {payout.holderName} {payout.transferDue ? <CopyButton value={payout.holderName} name="Account holder" /> : null}
            </dd>
          </div>
          <div>
            <dt>Bank</dt>
            <dd>
              {payout.bankName} {payout.transferDue ? <CopyButton value={payout.bankName} name="Bank" /> : null}
            </dd>
          </div>
          <div>
            <dt>Account number</dt>
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
        {payout.canRelease ? <ReleaseTask orderId={payout.orderId} orderNo={payout.orderNo} /> : null}
      </article>
    </li>
  );
}
