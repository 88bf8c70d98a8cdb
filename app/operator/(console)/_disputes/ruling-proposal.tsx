'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ConfirmButton } from '../../../_components/console/confirm-dialog';
import { ErrorLine, FieldError } from '../../../_components/console/error-line';
import { formatTime } from '../../../_components/console/format';
import { SplitLegsList } from './split-legs';

const rulingLabels: Record<string, string> = {
  release: 'Release to trader',
  refund: 'Refund merchant',
  complete: 'Complete (buyer paid)',
  fail: 'Fail (buyer did not pay)',
  split: 'Split by amount',
};

/**
 * A ruling proposed above the four-eyes threshold (docs/operator-guide.md, "Four eyes"): every
 * operator sees it; another operator approves it (which applies it, after a confirmation) or
 * rejects it with a reason; the proposer may only withdraw it.
 */
export function RulingProposal({ flow, orderId, operatorId, onDecided }: { flow: 'payout' | 'payin'; orderId: string; operatorId: string; onDecided: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ref = { flow, orderId };
  const context = useQuery(trpc.operator.disputes.rulingContext.queryOptions(ref));
  const [reason, setReason] = useState('');
  const decide = useMutation(
    trpc.operator.disputes.decideProposal.mutationOptions({
      onSettled: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.operator.disputes.rulingContext.queryKey(ref) });
        onDecided();
      },
    }),
  );
  const proposal = context.data?.proposal;
  if (!proposal) return null;
  const own = proposal.proposedBy.id === operatorId;
  const reasonLabel = context.data?.reasons.find((entry) => entry.code === proposal.reasonCode)?.label ?? proposal.reasonCode;
  const label = rulingLabels[proposal.ruling] ?? proposal.ruling;

  return (
    <section aria-labelledby="proposal-heading" className="console-form">
      <h2 id="proposal-heading" style={{ marginTop: 0 }}>
        Proposed ruling awaiting approval
      </h2>
      <dl className="facts" aria-label="Proposed ruling">
        <dt>Ruling</dt>
        <dd>{label}</dd>
        <dt>Reason code</dt>
        <dd>
          {reasonLabel} <span className="mono">({proposal.reasonCode})</span>
        </dd>
        <dt>Note</dt>
        <dd>{proposal.note}</dd>
        <dt>Four-eyes threshold</dt>
        <dd>{proposal.fourEyesThreshold} USDT, as when it was proposed (a later change does not apply to it)</dd>
        <dt>Proposed by</dt>
        <dd>
          {own ? `${proposal.proposedBy.name} (you)` : proposal.proposedBy.name}, {formatTime(proposal.createdAt)}
        </dd>
      </dl>
      {proposal.legs ? <SplitLegsList flow={flow} legs={proposal.legs} /> : null}
      {own ? (
        <div className="button-row">
          <p role="status">Waiting for another operator to approve or reject it.</p>
          <ConfirmButton
            className="button"
            title={`Withdraw the proposed ruling on ${context.data?.orderNo ?? "this case"}?`}
            consequence="The proposal is withdrawn and nothing moves; you can rule again."
            confirmLabel="Withdraw proposal"
            disabled={decide.isPending}
            onConfirm={() => decide.mutate({ proposalId: proposal.id, decision: 'withdraw' })}
          >
            Withdraw proposal
          </ConfirmButton>
        </div>
      ) : (
        <>
          <div className="button-row">
            <ConfirmButton
              title={`Approve: ${label}?`}
              consequence={`The ruling is applied now, as ${proposal.proposedBy.name} proposed it: the money moves and the merchant is told. This cannot be undone.`}
              confirmLabel={`Approve: ${label}`}
              disabled={decide.isPending}
              onConfirm={() => decide.mutate({ proposalId: proposal.id, decision: 'approve' })}
            >
              Approve ruling
            </ConfirmButton>
          </div>
          <label>
            Reason for rejecting
            <textarea value={reason} maxLength={500} aria-describedby="proposal-reject-error" onChange={(event) => setReason(event.target.value)} />
          </label>
          <FieldError error={decide.error} path="reason" id="proposal-reject-error" />
          <div className="button-row">
            <button type="button" className="button" disabled={decide.isPending} onClick={() => decide.mutate({ proposalId: proposal.id, decision: 'reject', reason })}>
              Reject ruling
            </button>
          </div>
        </>
      )}
      <ErrorLine error={decide.error} />
    </section>
  );
}
