'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { ConfirmButton } from '../../../_components/console/confirm-dialog';
import { ErrorLine } from '../../../_components/console/error-line';
import { formatTime } from '../../../_components/console/format';
import { useTRPC } from '../../../_trpc/client';
import { useOperatorMessages } from '../../_components/messages-context';
import { Pager } from '../../_components/pager';
import { reconciliationMessages } from './reconciliation-messages';

type Filter = 'open' | 'mismatched' | 'expected' | 'resolved' | 'matched' | 'all';
const FILTERS: readonly Filter[] = ['open', 'mismatched', 'expected', 'resolved', 'matched', 'all'];

/** Reconciled days with their counts, and the exceptions queue with the resolution of each. */
export function ReconciliationConsole() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { lang, t: common } = useOperatorMessages();
  const t = reconciliationMessages[lang];
  const [runsPage, setRunsPage] = useState(1);
  const [draft, setDraft] = useState<Filter>('open');
  const [filter, setFilter] = useState<Filter>('open');
  const [page, setPage] = useState(1);
  const runs = useQuery(trpc.operator.reconciliation.runs.queryOptions({ page: runsPage }));
  const queue = useQuery(trpc.operator.reconciliation.items.queryOptions({ filter, page }));
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const [missing, setMissing] = useState<number | null>(null);
  const [done, setDone] = useState('');
  const resolve = useMutation(
    trpc.operator.reconciliation.resolve.mutationOptions({
      onSuccess: (item) => {
        setDone(t.resolved(item.id));
        void queryClient.invalidateQueries({ queryKey: trpc.operator.reconciliation.items.queryKey() });
      },
    }),
  );
  const reasonReady = (id: number) => {
    const ready = (reasons[id] ?? '').trim().length >= 3;
    setMissing(ready ? null : id);
    if (!ready) document.getElementById(`reconciliation-reason-${id}`)?.focus();
    return ready;
  };

  return (
    <>
      <p>
        {t.correction} <Link href="/operator/traders">{t.adjustLink}</Link>
      </p>
      <p role="status" className="console-status">
        {done}
      </p>

      <section aria-labelledby="runs-heading">
        <h2 id="runs-heading">{t.runsHeading}</h2>
        {runs.isPending ? <p aria-busy="true">{common.loading}</p> : null}
        <ErrorLine error={runs.error} />
        {runs.data && runs.data.items.length === 0 ? <p className="console-empty">{t.runsEmpty}</p> : null}
        {runs.data && runs.data.items.length > 0 ? (
          <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="runs-heading">
            <table aria-labelledby="runs-heading" data-testid="reconciliation-runs">
              <thead>
                <tr>
                  <th scope="col">{t.date}</th>
                  {Object.keys(t.checks).map((check) => (
                    <th scope="col" key={check}>
                      {t.checks[check]}
                    </th>
                  ))}
                  <th scope="col">{t.finished}</th>
                </tr>
              </thead>
              <tbody>
                {runs.data.items.map((run) => (
                  <tr key={run.id}>
                    <td className="mono">{run.businessDate}</td>
                    {Object.keys(t.checks).map((check) => {
                      const counts = run.counts[check as keyof typeof run.counts];
                      return <td key={check}>{counts ? t.countsOf(counts.MATCHED, counts.MISMATCHED, counts.EXPECTED) : ''}</td>;
                    })}
                    <td>{run.finishedAt ? formatTime(run.finishedAt) : t.running}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {runs.data ? <Pager page={runsPage} hasMore={runs.data.hasMore} onPage={setRunsPage} label={t.runsPager} /> : null}
      </section>

      <section aria-labelledby="queue-heading">
        <h2 id="queue-heading">{t.queueHeading}</h2>
        <form
          className="console-bar"
          aria-label={t.queueHeading}
          onSubmit={(event) => {
            event.preventDefault();
            setFilter(draft);
            setPage(1);
          }}
        >
          <label>
            {t.filter}
            <select value={draft} onChange={(event) => setDraft(event.target.value as Filter)}>
              {FILTERS.map((value) => (
                <option key={value} value={value}>
                  {t.filters[value]}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button is-primary">
            {t.apply}
          </button>
        </form>
        {queue.isPending ? <p aria-busy="true">{common.loading}</p> : null}
        <ErrorLine error={queue.error} />
        {queue.data && queue.data.items.length === 0 ? <p className="console-empty">{t.queueEmpty}</p> : null}
        {queue.data && queue.data.items.length > 0 ? (
          <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="queue-heading">
            <table aria-labelledby="queue-heading" data-testid="reconciliation-items">
              <thead>
                <tr>
                  <th scope="col">{t.date}</th>
                  <th scope="col">{t.check}</th>
                  <th scope="col">{t.subject}</th>
                  <th scope="col">{t.state}</th>
                  <th scope="col">{t.reason}</th>
                  <th scope="col">{t.details}</th>
                  <th scope="col">{t.action}</th>
                </tr>
              </thead>
              <tbody>
                {queue.data.items.map((item) => (
                  <tr key={item.id} data-testid="reconciliation-item">
                    <td className="mono">{item.businessDate}</td>
                    <td>{t.checks[item.check] ?? item.check}</td>
                    <td className="mono wallet-hash" translate="no">
                      {item.subjectType} {item.subjectId}
                    </td>
                    <td>
                      {t.states[item.state] ?? item.state}
                      {item.state === 'EXPECTED' && item.dueAt ? ` (${t.due} ${formatTime(item.dueAt)})` : ''}
                    </td>
                    <td>{t.reasons[item.reason] ?? item.reason}</td>
                    <td className="mono" translate="no">
                      {Object.entries(item.details)
                        .filter(([, value]) => value !== null)
                        .map(([key, value]) => `${key}: ${String(value)}`)
                        .join(' · ')}
                    </td>
                    <td>
                      {item.resolvedAt ? (
                        <span>
                          {t.resolvedBy(formatTime(item.resolvedAt))}
                          {item.resolutionReason}
                        </span>
                      ) : item.state === 'MATCHED' ? (
                        <span>{t.matchedByData}</span>
                      ) : (
                        <div className="stack">
                          <label>
                            <span className="visually-hidden">{t.reasonFor(item.id)}</span>
                            <input
                              id={`reconciliation-reason-${item.id}`}
                              placeholder={t.reasonPlaceholder}
                              maxLength={500}
                              value={reasons[item.id] ?? ''}
                              aria-invalid={missing === item.id || undefined}
                              aria-describedby={missing === item.id ? `reconciliation-reason-missing-${item.id}` : undefined}
                              onChange={(event) => setReasons({ ...reasons, [item.id]: event.target.value })}
                            />
                          </label>
                          {missing === item.id ? (
                            <span id={`reconciliation-reason-missing-${item.id}`} className="field-error" role="alert">
                              {t.reasonMissing}
                            </span>
                          ) : null}
                          <ConfirmButton
                            className="button is-primary"
                            ariaLabel={`${t.resolve} ${item.id}`}
                            title={t.resolveTitle}
                            consequence={t.resolveConsequence}
                            confirmLabel={t.resolveConfirm}
                            ready={() => reasonReady(item.id)}
                            onConfirm={() => resolve.mutate({ itemId: item.id, reason: reasons[item.id] ?? '' })}
                          >
                            {t.resolve}
                          </ConfirmButton>
                          <ErrorLine error={resolve.variables?.itemId === item.id ? resolve.error : null} />
                        </div>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {queue.data ? <Pager page={page} hasMore={queue.data.hasMore} onPage={setPage} label={t.queuePager} /> : null}
      </section>
    </>
  );
}
