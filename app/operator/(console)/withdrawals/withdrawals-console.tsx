'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatUsdt } from '../../../../common/amount-display';
import { ConfirmButton } from '../../../_components/console/confirm-dialog';
import { ErrorLine } from '../../../_components/console/error-line';
import { formatTime } from '../../../_components/console/format';
import { useTRPC } from '../../../_trpc/client';
import { useOperatorMessages } from '../../_components/messages-context';
import { operatorWithdrawalsMessages } from './withdrawals-messages';

type Tab = 'pending' | 'stuck' | 'failed';
const REFRESH_MS = 10_000;

/**
 * The hot wallets' balance and 24 h outflow, then the queue in three views: requests waiting for a
 * decision (with four-eyes proposals), approved sends stuck in a step, and failed sends' cases.
 */
export function WithdrawalsConsole({ operatorId }: { operatorId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { lang, t: common } = useOperatorMessages();
  const t = operatorWithdrawalsMessages[lang];
  const [tab, setTab] = useState<Tab>('pending');
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const wallets = useQuery({ ...trpc.operator.withdrawals.hotWallets.queryOptions({}), refetchInterval: REFRESH_MS });
  const queue = useQuery({ ...trpc.operator.withdrawals.queue.queryOptions({}), refetchInterval: REFRESH_MS });
  const stuck = useQuery({ ...trpc.operator.withdrawals.stuck.queryOptions({}), refetchInterval: REFRESH_MS });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.operator.withdrawals.queue.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.operator.withdrawals.stuck.queryKey() });
  };
  const review = useMutation(
    trpc.operator.withdrawals.review.mutationOptions({
      onSuccess: (result) => {
        setDone(result.status === 'proposed' ? t.proposed : t.decided(t.states[result.withdrawal.state] ?? result.withdrawal.state));
        refresh();
      },
    }),
  );
  const decide = useMutation(
    trpc.operator.withdrawals.decideProposal.mutationOptions({
      onSuccess: (result) => {
        setDone(t.proposalDone(result.status));
        refresh();
      },
      onError: refresh,
    }),
  );
  const resolve = useMutation(
    trpc.operator.withdrawals.resolveCase.mutationOptions({
      onSuccess: () => {
        setDone(t.resolved);
        refresh();
      },
    }),
  );
  /** A reason or note must be written before its dialog opens: the field says so and takes the focus. */
  const textReady = (id: string) => {
    const ready = (texts[id] ?? '').trim() !== '';
    setMissing(ready ? null : id);
    if (!ready) document.getElementById(`withdrawal-text-${id}`)?.focus();
    return ready;
  };
  const textField = (id: string, label: string, placeholder: string, problem: string) => (
    <>
      <label>
        <span className="visually-hidden">{label}</span>
        <input
          id={`withdrawal-text-${id}`}
          placeholder={placeholder}
          maxLength={500}
          value={texts[id] ?? ''}
          aria-invalid={missing === id || undefined}
          aria-describedby={missing === id ? `withdrawal-text-missing-${id}` : undefined}
          onChange={(event) => setTexts({ ...texts, [id]: event.target.value })}
        />
      </label>
      {missing === id ? (
        <span id={`withdrawal-text-missing-${id}`} className="field-error" role="alert">
          {problem}
        </span>
      ) : null}
    </>
  );
  const counts = { pending: queue.data?.pending.length, stuck: stuck.data?.items.length, failed: queue.data?.openCases.length };

  return (
    <>
      <section aria-labelledby="hot-wallets-heading">
        <h2 id="hot-wallets-heading">{t.walletsHeading}</h2>
        <ErrorLine error={wallets.error} />
        {wallets.data && wallets.data.length === 0 ? <p className="console-empty">{t.noChains}</p> : null}
        {wallets.data && wallets.data.length > 0 ? (
          <div className="table-scroll" tabIndex={0} role="region" aria-label={t.walletsLabel}>
            <table aria-label={t.walletsLabel} data-testid="hot-wallets">
              <thead>
                <tr>
                  <th scope="col">{t.chain}</th>
                  <th scope="col">{t.balance}</th>
                  <th scope="col">{t.readAt}</th>
                  <th scope="col">{t.outflow}</th>
                  <th scope="col">{t.flags}</th>
                </tr>
              </thead>
              <tbody>
                {wallets.data.map((wallet) => (
                  <tr key={wallet.chain}>
                    <td>{wallet.name}</td>
                    <td className="mono amount">{wallet.balance === null ? t.notRead : formatUsdt(wallet.balance)}</td>
                    <td>{formatTime(wallet.balanceReadAt)}</td>
                    <td className="mono amount">{formatUsdt(wallet.outflow24h)}</td>
                    <td data-testid="hot-wallet-flags">
                      {wallet.excess !== null ? <div>{t.excess(formatUsdt(wallet.excess), wallet.coldAddress)}</div> : null}
                      {wallet.belowTarget && wallet.target !== null ? <div role="alert">{t.belowTarget(formatUsdt(wallet.target))}</div> : null}
                      {wallet.target !== null && wallet.excess === null && !wallet.belowTarget ? <div>{t.atTarget(formatUsdt(wallet.target))}</div> : null}
                      {wallet.target === null ? <div>{t.noTarget}</div> : null}
                      {wallet.waiting.gas > 0 ? <div role="alert">{t.waitingGas(wallet.waiting.gas)}</div> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>

      <p role="status" className="console-status">
        {done}
      </p>

      <h2 id="withdrawal-queue-heading">{t.title}</h2>
      <div className="button-row" role="group" aria-label={t.queueLabel}>
        {(['pending', 'stuck', 'failed'] as const).map((key) => (
          <button key={key} type="button" className={tab === key ? 'button is-primary' : 'button'} aria-pressed={tab === key} onClick={() => setTab(key)}>
            {counts[key] === undefined ? t.tabs[key] : t.tabCount(t.tabs[key], counts[key])}
          </button>
        ))}
      </div>
      <ErrorLine error={queue.error ?? stuck.error} />
      {queue.isPending ? <p aria-busy="true">{common.loading}</p> : null}

      {tab === 'pending' && queue.data ? (
        queue.data.pending.length === 0 ? (
          <p className="console-empty">{t.empty.pending}</p>
        ) : (
          <div className="table-scroll" tabIndex={0} role="region" aria-label={t.tabs.pending}>
            <table aria-label={t.tabs.pending} data-testid="withdrawals-pending">
              <thead>
                <tr>
                  <th scope="col">{t.requested}</th>
                  <th scope="col">{t.owner}</th>
                  <th scope="col">{t.amount}</th>
                  <th scope="col">{t.to}</th>
                  <th scope="col">{t.why}</th>
                  <th scope="col">{t.action}</th>
                </tr>
              </thead>
              <tbody>
                {queue.data.pending.map((withdrawal) => {
                  const amount = formatUsdt(withdrawal.amount);
                  const proposal = withdrawal.proposal;
                  const own = proposal?.proposedBy === operatorId;
                  const error =
                    (review.variables?.withdrawalId === withdrawal.id ? review.error : null) ?? (proposal && decide.variables?.proposalId === proposal.id ? decide.error : null);
                  return (
                    <tr key={withdrawal.id} data-testid="withdrawal-pending">
                      <td>{formatTime(withdrawal.requestedAt)}</td>
                      <td>{t.ownerOf(withdrawal.ownerType, withdrawal.ownerId)}</td>
                      <td className="mono amount">
                        {amount}
                        <br />
                        <small>
                          {t.fee} {formatUsdt(withdrawal.fee)}
                        </small>
                      </td>
                      <td className="mono wallet-hash" translate="no">
                        {withdrawal.chain} {withdrawal.toAddress}
                      </td>
                      <td>{withdrawal.needsReview ? (t.reviewReasons[withdrawal.needsReview] ?? withdrawal.needsReview) : '—'}</td>
                      <td>
                        <div className="stack">
                          {proposal ? (
                            <>
                              <p data-testid="withdrawal-proposal">{t.proposal(proposal.decision ?? '', own ? t.byYou : t.byOther(proposal.proposedBy ?? ''))}</p>
                              {own ? (
                                <ConfirmButton
                                  className="button"
                                  title={t.withdrawProposalTitle}
                                  consequence={t.withdrawProposalConsequence}
                                  confirmLabel={t.withdrawProposal}
                                  onConfirm={() => decide.mutate({ proposalId: proposal.id, decision: 'withdraw' })}
                                >
                                  {t.withdrawProposal}
                                </ConfirmButton>
                              ) : (
                                <>
                                  {textField(proposal.id, t.reasonFor(amount), t.reasonPlaceholder, t.reasonMissing)}
                                  <div className="button-row">
                                    <ConfirmButton
                                      className="button is-primary"
                                      title={t.approveProposalTitle}
                                      consequence={t.approveProposalConsequence(proposal.decision ?? '')}
                                      confirmLabel={t.approveProposal}
                                      onConfirm={() => decide.mutate({ proposalId: proposal.id, decision: 'approve' })}
                                    >
                                      {t.approveProposal}
                                    </ConfirmButton>
                                    <ConfirmButton
                                      title={t.rejectProposalTitle}
                                      consequence={t.rejectProposalConsequence}
                                      confirmLabel={t.rejectProposal}
                                      ready={() => textReady(proposal.id)}
                                      onConfirm={() => decide.mutate({ proposalId: proposal.id, decision: 'reject', reason: texts[proposal.id] ?? '' })}
                                    >
                                      {t.rejectProposal}
                                    </ConfirmButton>
                                  </div>
                                </>
                              )}
                            </>
                          ) : (
                            <>
                              {textField(withdrawal.id, t.reasonFor(amount), t.reasonPlaceholder, t.reasonMissing)}
                              <div className="button-row">
                                <ConfirmButton
                                  className="button is-primary"
                                  ariaLabel={t.approveLabel(amount)}
                                  title={t.approveTitle(amount)}
                                  consequence={t.approveConsequence(withdrawal.toAddress, withdrawal.chain)}
                                  confirmLabel={t.approveConfirm}
                                  onConfirm={() => review.mutate({ withdrawalId: withdrawal.id, decision: 'approve' })}
                                >
                                  {t.approve}
                                </ConfirmButton>
                                <ConfirmButton
                                  ariaLabel={t.rejectLabel(amount)}
                                  title={t.rejectTitle(amount)}
                                  consequence={t.rejectConsequence}
                                  confirmLabel={t.rejectConfirm}
                                  ready={() => textReady(withdrawal.id)}
                                  onConfirm={() => review.mutate({ withdrawalId: withdrawal.id, decision: 'reject', reason: texts[withdrawal.id] ?? '' })}
                                >
                                  {t.reject}
                                </ConfirmButton>
                              </div>
                            </>
                          )}
                          <ErrorLine error={error} />
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )
      ) : null}

      {tab === 'stuck' && stuck.data ? (
        <>
          <p>{t.stuckLead(stuck.data.stuckAfterMinutes)}</p>
          {stuck.data.items.length === 0 ? (
            <p className="console-empty">{t.empty.stuck}</p>
          ) : (
            <div className="table-scroll" tabIndex={0} role="region" aria-label={t.tabs.stuck}>
              <table aria-label={t.tabs.stuck} data-testid="withdrawals-stuck">
                <thead>
                  <tr>
                    <th scope="col">{t.since}</th>
                    <th scope="col">{t.state}</th>
                    <th scope="col">{t.owner}</th>
                    <th scope="col">{t.amount}</th>
                    <th scope="col">{t.transaction}</th>
                  </tr>
                </thead>
                <tbody>
                  {stuck.data.items.map((withdrawal) => (
                    <tr key={withdrawal.id}>
                      <td>{formatTime(withdrawal.inStepSince)}</td>
                      <td>{t.states[withdrawal.state] ?? withdrawal.state}</td>
                      <td>{t.ownerOf(withdrawal.ownerType, withdrawal.ownerId)}</td>
                      <td className="mono amount">{formatUsdt(withdrawal.amount)}</td>
                      <td className="mono wallet-hash" translate="no">
                        {withdrawal.chain} {withdrawal.txHash ?? '—'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : null}

      {tab === 'failed' && queue.data ? (
        <>
          <p>{t.failedLead}</p>
          {queue.data.openCases.length === 0 ? (
            <p className="console-empty">{t.empty.failed}</p>
          ) : (
            <div className="table-scroll" tabIndex={0} role="region" aria-label={t.tabs.failed}>
              <table aria-label={t.tabs.failed} data-testid="withdrawals-failed">
                <thead>
                  <tr>
                    <th scope="col">{t.requested}</th>
                    <th scope="col">{t.owner}</th>
                    <th scope="col">{t.amount}</th>
                    <th scope="col">{t.reason}</th>
                    <th scope="col">{t.transaction}</th>
                    <th scope="col">{t.action}</th>
                  </tr>
                </thead>
                <tbody>
                  {queue.data.openCases.map((withdrawal) => {
                    const amount = formatUsdt(withdrawal.amount);
                    return (
                      <tr key={withdrawal.id}>
                        <td>{formatTime(withdrawal.requestedAt)}</td>
                        <td>{t.ownerOf(withdrawal.ownerType, withdrawal.ownerId)}</td>
                        <td className="mono amount">{amount}</td>
                        <td>{withdrawal.reason ?? '—'}</td>
                        <td className="mono wallet-hash" translate="no">
                          {withdrawal.chain} {withdrawal.txHash ?? '—'}
                        </td>
                        <td>
                          <div className="stack">
                            {textField(withdrawal.id, t.noteFor(amount), t.notePlaceholder, t.noteMissing)}
                            <ConfirmButton
                              className="button"
                              ariaLabel={t.resolveLabel(amount)}
                              title={t.resolveTitle}
                              consequence={t.resolveConsequence}
                              confirmLabel={t.resolveConfirm}
                              ready={() => textReady(withdrawal.id)}
                              onConfirm={() => resolve.mutate({ withdrawalId: withdrawal.id, note: texts[withdrawal.id] ?? '' })}
                            >
                              {t.resolve}
                            </ConfirmButton>
                            <ErrorLine error={resolve.variables?.withdrawalId === withdrawal.id ? resolve.error : null} />
                          </div>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : null}
    </>
  );
}
