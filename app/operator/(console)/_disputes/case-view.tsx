'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import Link from 'next/link';
import type { AppRouter } from '../../../_trpc/root';
import { useTRPC } from '../../../_trpc/client';
import { ErrorLine } from '../../../_components/console/error-line';
import { formatTime } from '../../../_components/console/format';
import { NextCase } from './next-case';
import { EvidenceRequestsPanel } from './evidence-requests-panel';
import { InternalNoteForm } from './internal-note-form';
import { OrderTimersPanel } from './order-timers-panel';
import { ProofGallery } from './proof-gallery';
import { RulingForm } from './ruling-form';
import { RulingProposal } from './ruling-proposal';

const actorLabel = (entry: { actorType: string; actorName: string | null }) =>
  entry.actorName ? `${entry.actorType} ${entry.actorName}` : entry.actorType;

type Case = inferRouterOutputs<AppRouter>['operator']['disputes']['get'];

/** State changes and the parties' evidence in one list, oldest first (a tie keeps the change first). */
function timelineOf(item: Case) {
  const entries = [
    ...item.timeline.map((entry) => ({ ...entry, kind: 'transition' as const })),
    ...item.evidence.map((entry) => ({ ...entry, at: entry.createdAt, kind: 'evidence' as const })),
  ];
  return entries.sort((a, b) => a.at.localeCompare(b.at) || (a.kind === b.kind ? 0 : a.kind === 'transition' ? -1 : 1));
}

export function CaseView({ flow, orderId, operatorId }: { flow: 'payout' | 'payin'; orderId: string; operatorId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ref = { flow, orderId };
  const detail = useQuery(trpc.operator.disputes.get.queryOptions(ref));
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.operator.disputes.get.queryKey(ref) }),
      // A ruling ends the pause and the requests: the timers and requests panels read it afresh.
      queryClient.invalidateQueries({ queryKey: trpc.operator.disputeProcess.get.queryKey(ref) }),
    ]);
  const claim = useMutation(trpc.operator.disputes.claim.mutationOptions({ onSettled: refresh }));
  const release = useMutation(trpc.operator.disputes.releaseClaim.mutationOptions({ onSettled: refresh }));

  if (detail.isPending) return <p aria-busy="true">Loading the case…</p>;
  if (detail.isError) return <ErrorLine error={detail.error} />;
  const item = detail.data;
  const disputed = item.status === 'DISPUTED';
  const mine = item.claimedBy?.id === operatorId;

  return (
    <>
      <div className="button-row">
        <Link href="/operator">← Disputes</Link>
        {disputed ? <NextCase /> : null}
      </div>
      <h1>
        {flow === 'payout' ? 'Payout' : 'Pay-in'} <span className="mono">{item.orderNo}</span>
      </h1>
      <dl className="facts" aria-label="Case">
        <dt>Status</dt>
        <dd>
          <span className="tag">{item.status}</span> {item.statusLabel}
        </dd>
        <dt>Merchant order</dt>
        <dd className="mono">{item.merchantOrderNo}</dd>
        <dt>Disputed at</dt>
        <dd>{formatTime(item.disputedAt)}</dd>
        <dt>Dispute reason</dt>
        <dd>{item.disputeReason ?? '—'}</dd>
        <dt>Claimed by</dt>
        <dd>{item.claimedBy ? (mine ? `${item.claimedBy.name} (you)` : item.claimedBy.name) : 'Nobody yet'}</dd>
        {item.resolutionNote ? (
          <>
            <dt>Resolution note</dt>
            <dd>{item.resolutionNote}</dd>
          </>
        ) : null}
      </dl>

      {disputed ? (
        <div className="button-row" style={{ marginBottom: 'var(--space-4)' }}>
          {!item.claimedBy ? (
            <button type="button" className="button is-primary" disabled={claim.isPending} onClick={() => claim.mutate(ref)}>
              Claim this case
            </button>
          ) : null}
          {mine ? (
            <button type="button" className="button" disabled={release.isPending} onClick={() => release.mutate(ref)}>
              Release claim
            </button>
          ) : null}
          {item.claimedBy && !mine ? <p role="status">{item.claimedBy.name} holds this case; only they can rule.</p> : null}
        </div>
      ) : (
        <div className="button-row" style={{ marginBottom: 'var(--space-4)' }}>
          <p role="status" className="console-ok">
            This case is closed: {item.statusLabel}.
          </p>
          <NextCase primary />
        </div>
      )}
      <ErrorLine error={claim.error} />
      <ErrorLine error={release.error} />
      {disputed ? <RulingProposal flow={flow} orderId={orderId} operatorId={operatorId} onDecided={refresh} /> : null}
      {disputed && mine ? <RulingForm flow={flow} orderId={orderId} rulings={item.rulings} onRuled={refresh} /> : null}

      <div className="case-grid">
        <section aria-labelledby="amounts-heading">
          <h2 id="amounts-heading">Amounts</h2>
          <dl className="facts">
            {item.amounts.map((amount) => (
              <div key={amount.label} style={{ display: 'contents' }}>
                <dt>{amount.label}</dt>
                <dd>{amount.value}</dd>
              </div>
            ))}
          </dl>
          <h2>Parties</h2>
          <dl className="facts" aria-label="Parties">
            <dt>Merchant</dt>
            <dd>{item.parties.merchant.name}</dd>
            <dt>Trader</dt>
            <dd>{item.parties.trader?.name ?? '—'}</dd>
            <dt>{flow === 'payout' ? 'Recipient' : "Trader's account"}</dt>
            <dd>
              {item.parties.bankAccount
                ? `${item.parties.bankAccount.holderName}, ${item.parties.bankAccount.bankName}, account ending ${item.parties.bankAccount.last4}`
                : '—'}
            </dd>
          </dl>
          <h2>Reasons given</h2>
          {item.reasons.length ? (
            <ul>
              {item.reasons.map((reason, index) => (
                <li key={index}>
                  <strong>{actorLabel(reason)}</strong> ({formatTime(reason.at)}): {reason.text}
                </li>
              ))}
            </ul>
          ) : (
            <p className="console-empty">No reasons recorded.</p>
          )}
        </section>
        <section aria-labelledby="proofs-heading">
          <h2 id="proofs-heading">Proof images</h2>
          <ProofGallery proofs={item.proofs} />
        </section>
      </div>

      <div className="case-grid">
        <EvidenceRequestsPanel flow={flow} orderId={orderId} disputed={disputed} hasTrader={item.parties.trader !== null} />
        <OrderTimersPanel flow={flow} orderId={orderId} />
      </div>

      <section aria-labelledby="timeline-heading">
        <h2 id="timeline-heading">Timeline</h2>
        <ol className="timeline" aria-label="Timeline">
          {timelineOf(item).map((entry, index) =>
            entry.kind === 'transition' ? (
              <li key={index}>
                <time dateTime={entry.at}>{formatTime(entry.at)}</time> · <strong>{entry.action}</strong>{' '}
                {entry.fromStatus ? `${entry.fromStatus} → ` : ''}
                {entry.toStatus} · by {actorLabel(entry)}
                {entry.note ? <div>“{entry.note}”</div> : null}
              </li>
            ) : (
              <li
                key={index}
                aria-label={entry.internal ? 'Internal note' : `Evidence from the ${entry.party}`}
                className={entry.internal ? 'is-internal' : undefined}
              >
                <time dateTime={entry.at}>{formatTime(entry.at)}</time> · <strong>{entry.internal ? 'internal note' : 'evidence'}</strong> ·{' '}
                {entry.internal ? `by ${entry.authorName ?? 'an operator'} (operators only)` : `from the ${entry.party}${entry.authorName ? ` ${entry.authorName}` : ''}`}
                {entry.requestId ? ' · answers a request' : ''}
                {entry.statement ? <div className="evidence-statement">“{entry.statement}”</div> : null}
                {entry.files.length > 0 ? (
                  <ProofGallery
                    proofs={entry.files.map((file) => ({ ...file, uploadedAt: file.createdAt }))}
                    imagePath="/operator/evidence/"
                    label="Evidence image"
                    listLabel={`Evidence images from the ${entry.party}`}
                  />
                ) : null}
              </li>
            ),
          )}
        </ol>
        <InternalNoteForm flow={flow} orderId={orderId} />
      </section>
    </>
  );
}
