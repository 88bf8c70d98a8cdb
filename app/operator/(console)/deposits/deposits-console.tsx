'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatUsdt } from '../../../../common/amount-display';
import { ConfirmButton } from '../../../_components/console/confirm-dialog';
import { ErrorLine } from '../../../_components/console/error-line';
import { formatTime } from '../../../_components/console/format';
import { useTRPC } from '../../../_trpc/client';
import { useOperatorMessages } from '../../_components/messages-context';
import { Pager } from '../../_components/pager';
import { depositsMessages } from './deposits-messages';

type Filter = 'all' | 'late' | 'held' | 'orphaned';
const short = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-6)}`;

/** The watcher lag, the searchable deposit list with the held deposits' decisions, and the open reorg cases. */
export function DepositsConsole() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { lang, t: common } = useOperatorMessages();
  const t = depositsMessages[lang];
  const [draft, setDraft] = useState<{ q: string; filter: Filter }>({ q: '', filter: 'all' });
  const [query, setQuery] = useState(draft);
  const [page, setPage] = useState(1);
  const lag = useQuery({ ...trpc.operator.deposits.lag.queryOptions({}), refetchInterval: 10_000 });
  const list = useQuery({
    ...trpc.operator.deposits.list.queryOptions({ filter: query.filter, page, ...(query.q.trim() ? { q: query.q.trim() } : {}) }),
    refetchInterval: 10_000,
  });
  const cases = useQuery(trpc.operator.deposits.reorgCases.queryOptions({}));
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [owners, setOwners] = useState<Record<string, { type: 'merchant' | 'trader'; id: string }>>({});
  const [noteMissing, setNoteMissing] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.operator.deposits.list.queryKey() });
  const resolve = useMutation(
    trpc.operator.deposits.resolveHeld.mutationOptions({
      onSuccess: (deposit) => {
        setDone(deposit.state === 'CREDITED' ? t.credited(short(deposit.txHash)) : t.dismissed(short(deposit.txHash)));
        void refresh();
      },
    }),
  );
  const closeCase = useMutation(
    trpc.operator.deposits.resolveReorg.mutationOptions({
      onSuccess: () => {
        setDone(t.reorgClosed);
        void queryClient.invalidateQueries({ queryKey: trpc.operator.deposits.reorgCases.queryKey() });
      },
    }),
  );
  const noteReady = (id: string) => {
    const ready = (notes[id] ?? '').trim() !== '';
    setNoteMissing(ready ? null : id);
    if (!ready) document.getElementById(`deposit-note-${id}`)?.focus();
    return ready;
  };

  return (
    <>
      <section aria-labelledby="lag-heading">
        <h2 id="lag-heading">{t.lagHeading}</h2>
        <ErrorLine error={lag.error} />
        {lag.data && lag.data.length === 0 ? <p className="console-empty">{t.noChains}</p> : null}
        {lag.data && lag.data.length > 0 ? (
          <table aria-label={t.lagLabel} data-testid="watcher-lag">
            <thead>
              <tr>
                <th scope="col">{t.chain}</th>
                <th scope="col">{t.lag}</th>
              </tr>
            </thead>
            <tbody>
              {lag.data.map((chain) => (
                <tr key={chain.chain}>
                  <td>{chain.name}</td>
                  <td className="mono">{chain.lagBlocks === null ? t.lagUnknown : chain.lagBlocks}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>

      <p role="status" className="console-status">
        {done}
      </p>

      <h2 id="deposits-heading">{t.tableLabel}</h2>
      <form
        className="console-bar"
        role="search"
        aria-label={t.tableLabel}
        onSubmit={(event) => {
          event.preventDefault();
          setQuery(draft);
          setPage(1);
        }}
      >
        <label>
          {t.search}
          <input type="search" value={draft.q} maxLength={100} onChange={(event) => setDraft({ ...draft, q: event.target.value })} />
        </label>
        <label>
          {t.filter}
          <select value={draft.filter} onChange={(event) => setDraft({ ...draft, filter: event.target.value as Filter })}>
            {(['all', 'late', 'held', 'orphaned'] as const).map((filter) => (
              <option key={filter} value={filter}>
                {t.filters[filter]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button is-primary">
          {t.apply}
        </button>
      </form>
      {list.isPending ? <p aria-busy="true">{common.loading}</p> : null}
      <ErrorLine error={list.error} />
      {list.data && list.data.items.length === 0 ? <p className="console-empty">{t.empty}</p> : null}
      {list.data && list.data.items.length > 0 ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="deposits-heading">
          <table aria-labelledby="deposits-heading" data-testid="operator-deposits">
            <thead>
              <tr>
                <th scope="col">{t.when}</th>
                <th scope="col">{t.owner}</th>
                <th scope="col">{t.amount}</th>
                <th scope="col">{t.state}</th>
                <th scope="col">{t.transaction}</th>
                <th scope="col">{t.action}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((deposit) => {
                const tx = short(deposit.txHash);
                const owner = owners[deposit.id] ?? { type: 'merchant' as const, id: '' };
                const needsOwner = deposit.ownerId === null;
                const error = resolve.variables?.depositId === deposit.id ? resolve.error : null;
                return (
                  <tr key={deposit.id} data-testid="operator-deposit">
                    <td>{formatTime(deposit.detectedAt)}</td>
                    <td>{deposit.ownerName ?? (deposit.ownerId ? deposit.ownerId : t.unknownOwner)}</td>
                    <td className="mono amount">{formatUsdt(deposit.amount)}</td>
                    <td>
                      {t.states[deposit.state] ?? deposit.state}
                      {deposit.heldReason ? ` (${deposit.state === 'HELD' ? '' : t.wasHeld}${t.heldReasons[deposit.heldReason] ?? deposit.heldReason})` : ''}
                      {deposit.reorged ? ` · ${t.reorged}` : ''}
                    </td>
                    <td className="mono wallet-hash" translate="no">
                      {deposit.chain} {deposit.txHash}
                      <br />
                      {deposit.address}
                    </td>
                    <td>
                      {deposit.state === 'HELD' ? (
                        <div className="stack">
                          <label>
                            <span className="visually-hidden">{t.noteFor(tx)}</span>
                            <input
                              id={`deposit-note-${deposit.id}`}
                              placeholder={t.notePlaceholder}
                              maxLength={500}
                              value={notes[deposit.id] ?? ''}
                              aria-invalid={noteMissing === deposit.id || undefined}
                              aria-describedby={noteMissing === deposit.id ? `deposit-note-missing-${deposit.id}` : undefined}
                              onChange={(event) => setNotes({ ...notes, [deposit.id]: event.target.value })}
                            />
                          </label>
                          {noteMissing === deposit.id ? (
                            <span id={`deposit-note-missing-${deposit.id}`} className="field-error" role="alert">
                              {t.noteMissing}
                            </span>
                          ) : null}
                          {needsOwner ? (
                            <>
                              <label>
                                <span className="visually-hidden">{t.ownerTypeFor(tx)}</span>
                                <select value={owner.type} onChange={(event) => setOwners({ ...owners, [deposit.id]: { ...owner, type: event.target.value as 'merchant' | 'trader' } })}>
                                  <option value="merchant">{t.merchant}</option>
                                  <option value="trader">{t.trader}</option>
                                </select>
                              </label>
                              <label>
                                <span className="visually-hidden">{t.ownerIdFor(tx)}</span>
                                <input
                                  placeholder={t.ownerIdPlaceholder}
                                  value={owner.id}
                                  maxLength={36}
                                  onChange={(event) => setOwners({ ...owners, [deposit.id]: { ...owner, id: event.target.value.trim() } })}
                                />
                              </label>
                            </>
                          ) : null}
                          <div className="button-row">
                            <ConfirmButton
                              className="button is-primary"
                              ariaLabel={`${t.credit} ${tx}`}
                              title={t.creditTitle(formatUsdt(deposit.amount))}
                              consequence={t.creditConsequence(deposit.ownerName ?? t.theOwner)}
                              confirmLabel={t.creditConfirm}
                              ready={() => noteReady(deposit.id)}
                              onConfirm={() =>
                                resolve.mutate({
                                  depositId: deposit.id,
                                  decision: 'credit',
                                  note: notes[deposit.id] ?? '',
                                  ...(needsOwner ? { owner } : {}),
                                })
                              }
                            >
                              {t.credit}
                            </ConfirmButton>
                            <ConfirmButton
                              ariaLabel={`${t.dismiss} ${tx}`}
                              title={t.dismissTitle(formatUsdt(deposit.amount))}
                              consequence={t.dismissConsequence}
                              confirmLabel={t.dismissConfirm}
                              ready={() => noteReady(deposit.id)}
                              onConfirm={() => resolve.mutate({ depositId: deposit.id, decision: 'dismiss', note: notes[deposit.id] ?? '' })}
                            >
                              {t.dismiss}
                            </ConfirmButton>
                          </div>
                          <ErrorLine error={error} />
                        </div>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {list.data ? <Pager page={page} hasMore={list.data.hasMore} onPage={setPage} label={t.pagerLabel} /> : null}

      <section aria-labelledby="reorg-heading">
        <h2 id="reorg-heading">{t.reorgHeading}</h2>
        <p>{t.reorgLead}</p>
        <ErrorLine error={cases.error ?? closeCase.error} />
        {cases.data && cases.data.length === 0 ? <p className="console-empty">{t.reorgEmpty}</p> : null}
        {cases.data && cases.data.length > 0 ? (
          <div className="table-scroll" tabIndex={0} role="region" aria-label={t.reorgLabel}>
            <table aria-label={t.reorgLabel}>
              <thead>
                <tr>
                  <th scope="col">{t.opened}</th>
                  <th scope="col">{t.chain}</th>
                  <th scope="col">{t.block}</th>
                  <th scope="col">{t.amount}</th>
                  <th scope="col">{t.transaction}</th>
                  <th scope="col">{t.action}</th>
                </tr>
              </thead>
              <tbody>
                {cases.data.map((reorgCase) => (
                  <tr key={reorgCase.id}>
                    <td>{formatTime(reorgCase.openedAt)}</td>
                    <td>{reorgCase.chainKey}</td>
                    <td className="mono">{reorgCase.blockNumber}</td>
                    <td className="mono amount">{formatUsdt(reorgCase.amount)}</td>
                    <td className="mono wallet-hash">{reorgCase.txHash}</td>
                    <td>
                      <label>
                        <span className="visually-hidden">{t.noteFor(short(reorgCase.txHash))}</span>
                        <input
                          id={`deposit-note-${reorgCase.id}`}
                          placeholder={t.notePlaceholder}
                          maxLength={500}
                          value={notes[reorgCase.id] ?? ''}
                          onChange={(event) => setNotes({ ...notes, [reorgCase.id]: event.target.value })}
                        />
                      </label>
                      {noteMissing === reorgCase.id ? (
                        <span className="field-error" role="alert">
                          {t.noteMissing}
                        </span>
                      ) : null}
                      <div className="button-row">
                        {(['remined', 'adjusted'] as const).map((outcome) => (
                          <ConfirmButton
                            key={outcome}
                            className="button"
                            title={t.reorgTitle}
                            consequence={t.reorgConsequence}
                            confirmLabel={t.reorgConfirm}
                            ready={() => noteReady(reorgCase.id)}
                            onConfirm={() => closeCase.mutate({ caseId: reorgCase.id, outcome, note: notes[reorgCase.id] ?? '' })}
                          >
                            {t[outcome]}
                          </ConfirmButton>
                        ))}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </>
  );
}
