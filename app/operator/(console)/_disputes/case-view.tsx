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
import { OperatorConversation } from './operator-conversation';
import { OrderTimersPanel } from './order-timers-panel';
import { DisputeAutomationPanel } from './dispute-automation-panel';
import { WhyThisTraderPanel } from './why-this-trader-panel';
import { ProofGallery } from './proof-gallery';
import { RulingForm } from './ruling-form';
import { RulingProposal } from './ruling-proposal';
import { useOperatorMessages } from '../../_components/messages-context';
import { labelOf, orderLabels, statusLabel } from '../../../_components/order-labels';
import { disputesMessages } from './disputes-messages';

type Case = inferRouterOutputs<AppRouter>['operator']['disputes']['get'];

/** State changes, the parties' evidence and their conversation in one list, oldest first (a tie keeps the change first). */
function timelineOf(item: Case) {
  const entries = [
    ...item.timeline.map((entry) => ({ ...entry, kind: 'transition' as const })),
    ...item.evidence.map((entry) => ({ ...entry, at: entry.createdAt, kind: 'evidence' as const })),
    ...item.conversation.messages.map((entry) => ({ ...entry, at: entry.createdAt, kind: 'message' as const })),
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
  const { lang, t: common } = useOperatorMessages();
  const m = disputesMessages[lang];
  const t = m.caseView;
  const words = orderLabels[lang];
  const actorLabel = (entry: { actorType: string; actorName: string | null }) =>
    entry.actorName ? `${labelOf(words.actor, entry.actorType)} ${entry.actorName}` : labelOf(words.actor, entry.actorType);
  const party = (name: string) => labelOf(words.actor, name);

  if (detail.isPending) return <p aria-busy="true">{t.loading}</p>;
  if (detail.isError) return <ErrorLine error={detail.error} />;
  const item = detail.data;
  const disputed = item.status === 'DISPUTED';
  const mine = item.claimedBy?.id === operatorId;
  const status = statusLabel(lang, flow, item.status);

  return (
    <>
      <div className="button-row">
        <Link href="/operator">{t.backToQueue}</Link>
        {disputed ? <NextCase /> : null}
      </div>
      <h1>
        {words.flow[flow]} <span className="mono">{item.orderNo}</span>
      </h1>
      <dl className="facts" aria-label={t.facts}>
        <dt>{t.status}</dt>
        <dd>
          <span className="tag">{status}</span>
        </dd>
        <dt>{t.merchantOrder}</dt>
        <dd className="mono">{item.merchantOrderNo}</dd>
        <dt>{t.disputedAt}</dt>
        <dd>{formatTime(item.disputedAt)}</dd>
        <dt>{t.disputeReason}</dt>
        <dd>{item.disputeReason ?? '—'}</dd>
        <dt>{t.claimedBy}</dt>
        <dd>{item.claimedBy ? (mine ? `${item.claimedBy.name} ${common.you}` : item.claimedBy.name) : t.nobody}</dd>
        {item.resolutionNote ? (
          <>
            <dt>{t.resolutionNote}</dt>
            <dd>{item.resolutionNote}</dd>
          </>
        ) : null}
      </dl>

      {disputed ? (
        <div className="button-row" style={{ marginBottom: 'var(--space-4)' }}>
          {!item.claimedBy ? (
            <button type="button" className="button is-primary" disabled={claim.isPending} onClick={() => claim.mutate(ref)}>
              {t.claim}
            </button>
          ) : null}
          {mine ? (
            <button type="button" className="button" disabled={release.isPending} onClick={() => release.mutate(ref)}>
              {t.release}
            </button>
          ) : null}
          {item.claimedBy && !mine ? <p role="status">{t.heldBy(item.claimedBy.name)}</p> : null}
        </div>
      ) : (
        <div className="button-row" style={{ marginBottom: 'var(--space-4)' }}>
          <p role="status" className="console-ok">
            {t.closed(status)}
          </p>
          <NextCase primary />
        </div>
      )}
      <ErrorLine error={claim.error} />
      <ErrorLine error={release.error} />
      {disputed ? <RulingProposal flow={flow} orderId={orderId} operatorId={operatorId} onDecided={refresh} /> : null}
      {disputed && mine ? <RulingForm flow={flow} orderId={orderId} rulings={item.rulings.map((choice) => ({ ...choice, ...m.rulings[choice.ruling] }))} onRuled={refresh} /> : null}

      <div className="case-grid">
        <section aria-labelledby="amounts-heading">
          <h2 id="amounts-heading">{t.amounts}</h2>
          <dl className="facts">
            {item.amounts.map((amount) => (
              <div key={amount.label} style={{ display: 'contents' }}>
                <dt>{m.amountLabels[amount.label] ?? amount.label}</dt>
                <dd>{amount.value}</dd>
              </div>
            ))}
          </dl>
          <h2>{t.parties}</h2>
          <dl className="facts" aria-label={t.parties}>
            <dt>{t.merchant}</dt>
            <dd>{item.parties.merchant.name}</dd>
            <dt>{t.trader}</dt>
            <dd>{item.parties.trader?.name ?? '—'}</dd>
            <dt>{flow === 'payout' ? t.recipient : t.tradersAccount}</dt>
            <dd>
              {item.parties.bankAccount
                ? t.account(item.parties.bankAccount.holderName, item.parties.bankAccount.bankName, item.parties.bankAccount.last4)
                : '—'}
            </dd>
          </dl>
          <h2>{t.reasons}</h2>
          {item.reasons.length ? (
            <ul>
              {item.reasons.map((reason, index) => (
                <li key={index}>
                  <strong>{actorLabel(reason)}</strong> ({formatTime(reason.at)}): {reason.text}
                </li>
              ))}
            </ul>
          ) : (
            <p className="console-empty">{t.noReasons}</p>
          )}
        </section>
        <section aria-labelledby="proofs-heading">
          <h2 id="proofs-heading">{t.proofs}</h2>
          <ProofGallery proofs={item.proofs} />
        </section>
      </div>

      <div className="case-grid">
        <EvidenceRequestsPanel flow={flow} orderId={orderId} disputed={disputed} hasTrader={item.parties.trader !== null} />
        <OrderTimersPanel flow={flow} orderId={orderId} />
        <DisputeAutomationPanel flow={flow} orderId={orderId} />
        {flow === 'payin' ? <WhyThisTraderPanel orderId={orderId} /> : null}
      </div>

      <section aria-labelledby="timeline-heading">
        <h2 id="timeline-heading">{t.timeline}</h2>
        <ol className="timeline" aria-label={t.timeline}>
          {timelineOf(item).map((entry, index) =>
            entry.kind === 'transition' ? (
              <li key={index}>
                <time dateTime={entry.at}>{formatTime(entry.at)}</time> · <strong>{labelOf(words.action, entry.action)}</strong>{' '}
                {entry.fromStatus ? `${statusLabel(lang, flow, entry.fromStatus)} → ` : ''}
                {statusLabel(lang, flow, entry.toStatus)} · {t.by(actorLabel(entry))}
                {entry.note ? <div>“{entry.note}”</div> : null}
              </li>
            ) : entry.kind === 'message' ? (
              <li key={index} className="is-message" data-testid="timeline-message">
                <time dateTime={entry.at}>{formatTime(entry.at)}</time> · <strong>{t.messageTag}</strong> · {t.from(party(entry.party), entry.authorName)}
                {entry.body ? <div className="evidence-statement">“{entry.body}”</div> : null}
                {entry.agreementId ? <div>{t.settlementNotice(item.conversation.settlements.find((s) => s.id === entry.agreementId)?.status ?? '')}</div> : null}
                {entry.files.length > 0 ? <div>{t.messageImages(entry.files.length)}</div> : null}
              </li>
            ) : (
              <li
                key={index}
                aria-label={entry.internal ? t.internalNote : t.evidenceFrom(party(entry.party))}
                className={entry.internal ? 'is-internal' : undefined}
              >
                <time dateTime={entry.at}>{formatTime(entry.at)}</time> · <strong>{entry.internal ? t.internalTag : t.evidenceTag}</strong> ·{' '}
                {entry.internal ? t.noteBy(entry.authorName) : t.from(party(entry.party), entry.authorName)}
                {entry.requestId ? t.answersRequest : ''}
                {entry.statement ? <div className="evidence-statement">“{entry.statement}”</div> : null}
                {entry.files.length > 0 ? (
                  <ProofGallery
                    proofs={entry.files.map((file) => ({ ...file, uploadedAt: file.createdAt }))}
                    imagePath="/operator/evidence/"
                    label={t.evidenceImage}
                    listLabel={t.evidenceImages(party(entry.party))}
                  />
                ) : null}
              </li>
            ),
          )}
        </ol>
        <InternalNoteForm flow={flow} orderId={orderId} />
      </section>
      <OperatorConversation flow={flow} orderId={orderId} onChange={refresh} />
    </>
  );
}
