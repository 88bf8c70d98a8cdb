'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ConfirmButton } from '../../../_components/console/confirm-dialog';
import { ErrorLine, FieldError } from '../../../_components/console/error-line';
import { formatTime } from '../../../_components/console/format';
import { SplitLegsList } from './split-legs';
import { useOperatorMessages } from '../../_components/messages-context';
import { disputesMessages } from './disputes-messages';

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
  const { lang, t: common } = useOperatorMessages();
  const m = disputesMessages[lang];
  const t = m.proposal;
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
  const reasonLabel = m.reasonCodes[proposal.reasonCode] ?? context.data?.reasons.find((entry) => entry.code === proposal.reasonCode)?.label ?? proposal.reasonCode;
  const label = m.rulings[proposal.ruling]?.label ?? proposal.ruling;

  return (
    <section aria-labelledby="proposal-heading" className="console-form">
      <h2 id="proposal-heading" style={{ marginTop: 0 }}>
        {t.heading}
      </h2>
      <dl className="facts" aria-label={t.facts}>
        <dt>{t.ruling}</dt>
        <dd>{label}</dd>
        <dt>{t.reasonCode}</dt>
        <dd>{reasonLabel}</dd>
        <dt>{t.note}</dt>
        <dd>{proposal.note}</dd>
        <dt>{t.threshold}</dt>
        <dd>{t.thresholdValue(proposal.fourEyesThreshold)}</dd>
        <dt>{t.proposedBy}</dt>
        <dd>
          {own ? `${proposal.proposedBy.name} ${common.you}` : proposal.proposedBy.name}, {formatTime(proposal.createdAt)}
        </dd>
      </dl>
      {proposal.legs ? <SplitLegsList flow={flow} legs={proposal.legs} /> : null}
      {own ? (
        <div className="button-row">
          <p role="status">{t.waiting}</p>
          <ConfirmButton
            className="button"
            title={t.withdrawTitle(context.data?.orderNo)}
            consequence={t.withdrawConsequence}
            confirmLabel={t.withdraw}
            disabled={decide.isPending}
            onConfirm={() => decide.mutate({ proposalId: proposal.id, decision: 'withdraw' })}
          >
            {t.withdraw}
          </ConfirmButton>
        </div>
      ) : (
        <>
          <div className="button-row">
            <ConfirmButton
              title={t.approveTitle(label)}
              consequence={t.approveConsequence(proposal.proposedBy.name)}
              confirmLabel={t.approveConfirm(label)}
              disabled={decide.isPending}
              onConfirm={() => decide.mutate({ proposalId: proposal.id, decision: 'approve' })}
            >
              {t.approve}
            </ConfirmButton>
          </div>
          <label>
            {t.rejectReason}
            <textarea value={reason} maxLength={500} aria-describedby="proposal-reject-error" onChange={(event) => setReason(event.target.value)} />
          </label>
          <FieldError error={decide.error} path="reason" id="proposal-reject-error" />
          <div className="button-row">
            <button type="button" className="button" disabled={decide.isPending} onClick={() => decide.mutate({ proposalId: proposal.id, decision: 'reject', reason })}>
              {t.reject}
            </button>
          </div>
        </>
      )}
      <ErrorLine error={decide.error} />
    </section>
  );
}
