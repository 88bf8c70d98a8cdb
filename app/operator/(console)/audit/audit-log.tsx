'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { DetailsView } from './details-view';
import { ErrorLine } from '../../../_components/console/error-line';
import { formatTime } from '../../../_components/console/format';
import { Pager } from '../../_components/pager';
import { useOperatorMessages } from '../../_components/messages-context';
import { labelOf, orderLabels } from '../../../_components/order-labels';
import { auditMessages } from './audit-messages';

const empty = { actorType: '', actorId: '', action: '', targetType: '', targetId: '', from: '', to: '' };
type Filters = typeof empty;
type ActorType = 'operator' | 'trader' | 'merchant' | 'system' | 'cli';

/** A datetime-local value read as UTC, as the console shows every time. */
const utc = (value: string) => (value ? new Date(`${value}:00Z`).toISOString() : undefined);

export function AuditLog() {
  const trpc = useTRPC();
  const { lang, t: common } = useOperatorMessages();
  const t = auditMessages[lang];
  const actors = orderLabels[lang].actor;
  const [draft, setDraft] = useState<Filters>(empty);
  const [filters, setFilters] = useState<Filters>(empty);
  const [page, setPage] = useState(1);
  const input = {
    page,
    pageSize: 50,
    ...(filters.actorType ? { actorType: filters.actorType as ActorType } : {}),
    ...(filters.actorId ? { actorId: filters.actorId } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.targetType ? { targetType: filters.targetType } : {}),
    ...(filters.targetId ? { targetId: filters.targetId } : {}),
    ...(filters.from ? { from: utc(filters.from) } : {}),
    ...(filters.to ? { to: utc(filters.to) } : {}),
  };
  const log = useQuery(trpc.operator.audit.query.queryOptions(input));
  const field = (name: keyof Filters, label: string, type = 'text') => (
    <label>
      {label}
      <input type={type} value={draft[name]} onChange={(e) => setDraft({ ...draft, [name]: e.target.value })} />
    </label>
  );

  return (
    <>
      <p className="lead">{t.lead}</p>
      <form
        className="console-form is-grid"
        aria-label={t.form}
        onSubmit={(event) => {
          event.preventDefault();
          setFilters(draft);
          setPage(1);
        }}
      >
        <label>
          {t.actorType}
          <select value={draft.actorType} onChange={(e) => setDraft({ ...draft, actorType: e.target.value })}>
            <option value="">{t.any}</option>
            {['operator', 'trader', 'merchant', 'system', 'cli'].map((type) => (
              <option key={type} value={type}>
                {labelOf(actors, type)}
              </option>
            ))}
          </select>
        </label>
        {field('actorId', t.actorId)}
        {field('action', t.action)}
        {field('targetType', t.targetType)}
        {field('targetId', t.targetId)}
        {field('from', t.from, 'datetime-local')}
        {field('to', t.to, 'datetime-local')}
        <div className="button-row">
          <button type="submit" className="button is-primary">
            {t.apply}
          </button>
          <button type="button" className="button" onClick={() => { setDraft(empty); setFilters(empty); setPage(1); }}>
            {t.clear}
          </button>
        </div>
      </form>
      {log.isPending ? <p aria-busy="true">{common.loading}</p> : null}
      <ErrorLine error={log.error} />
      {log.data && log.data.items.length === 0 ? <p className="console-empty">{t.empty}</p> : null}
      {log.data && log.data.items.length > 0 ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t.tableLabel}>
          <table aria-label={t.tableLabel}>
            <thead>
              <tr>
                <th scope="col">{t.time}</th>
                <th scope="col">{t.actor}</th>
                <th scope="col">{t.actionCol}</th>
                <th scope="col">{t.target}</th>
                <th scope="col">{t.details}</th>
              </tr>
            </thead>
            <tbody>
              {log.data.items.map((row) => (
                <tr key={row.id}>
                  <td>{formatTime(row.at)}</td>
                  <td>
                    {row.actorName ? <strong>{row.actorName}</strong> : null} {labelOf(actors, row.actorType)}
                    {row.actorId ? (
                      <div className="mono" title={row.actorId}>
                        {row.actorName ? row.actorId.slice(0, 8) : row.actorId}
                      </div>
                    ) : null}
                  </td>
                  <td>
                    {row.actionLabel}
                    <div className="mono">{row.action}</div>
                  </td>
                  <td>
                    {row.targetName ? <strong>{row.targetName}</strong> : null} {row.targetType ?? '—'}
                    {row.targetId ? (
                      <div className="mono" title={row.targetId}>
                        {row.targetName ? row.targetId.slice(0, 8) : row.targetId}
                      </div>
                    ) : null}
                  </td>
                  <td>
                    <DetailsView details={row.details} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {log.data ? <Pager page={page} hasMore={log.data.hasMore} onPage={setPage} label={t.pagerLabel} /> : null}
    </>
  );
}
