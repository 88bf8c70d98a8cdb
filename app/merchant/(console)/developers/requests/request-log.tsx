'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../../_trpc/client';
import { ErrorLine } from '../../../../operator/_components/error-line';
import { formatTime } from '../../../../operator/_components/format';
import { useMerchantMessages } from '../../../_components/messages-context';
import { requestLogMessages } from './messages';
import { PageNav } from '../../../_components/page-nav';

const PAGE_SIZE = 25;
const CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
type StatusClass = (typeof CLASSES)[number];

/** The request log: a status-class filter, the table of calls, pages of 25 (newest first). */
export function RequestLog() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const t = requestLogMessages[useMerchantMessages().lang];
  const [draft, setDraft] = useState<StatusClass | ''>('');
  const [statusClass, setStatusClass] = useState<StatusClass | ''>('');
  const [page, setPage] = useState(1);
  const requests = useQuery(trpc.merchantDevelopers.requests.queryOptions({ page, pageSize: PAGE_SIZE, ...(statusClass ? { statusClass } : {}) }));

  return (
    <section aria-label={t.tableLabel}>
      <form
        className="console-bar"
        aria-label={t.filterLabel}
        onSubmit={(event) => {
          event.preventDefault();
          setStatusClass(draft);
          setPage(1);
        }}
      >
        <label>
          {t.statusClass}
          <select value={draft} onChange={(event) => setDraft(event.target.value as StatusClass | '')}>
            <option value="">{t.anyStatus}</option>
            {CLASSES.map((value) => (
              <option key={value} value={value}>
                {t.classes[value]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button is-primary">
          {t.apply}
        </button>
        <button type="button" className="button" onClick={() => queryClient.invalidateQueries({ queryKey: trpc.merchantDevelopers.requests.queryKey() })}>
          {t.refresh}
        </button>
      </form>
      {requests.isPending ? <p aria-busy="true">{t.loading}</p> : null}
      <ErrorLine error={requests.error} />
      {requests.data && requests.data.items.length === 0 ? <p className="console-empty">{t.empty}</p> : null}
      {requests.data && requests.data.items.length > 0 ? (
        <div className="table-scroll" tabIndex={0}>
          <table aria-label={t.tableLabel} data-testid="request-log">
            <thead>
              <tr>
                <th scope="col">{t.time}</th>
                <th scope="col">{t.method}</th>
                <th scope="col">{t.route}</th>
                <th scope="col">{t.status}</th>
                <th scope="col">{t.latency}</th>
                <th scope="col">{t.requestId}</th>
                <th scope="col">{t.key}</th>
              </tr>
            </thead>
            <tbody>
              {requests.data.items.map((call) => (
                <tr key={call.id}>
                  <td>{formatTime(call.at)}</td>
                  <td className="mono">{call.method}</td>
                  <td className="mono">/api/v1/{call.route}</td>
                  <td>
                    <span className={call.status >= 400 ? 'tag is-warning' : 'tag'}>{call.status}</span>
                  </td>
                  <td>{call.latencyMs} ms</td>
                  <td className="mono">{call.requestId}</td>
                  <td>
                    {call.keyId ? (
                      <>
                        {call.keyLabel ? <strong>{call.keyLabel}</strong> : null} <span className="mono">{call.keyId}</span>
                      </>
                    ) : (
                      t.unknownKey
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {requests.data ? <PageNav page={page} hasMore={requests.data.hasMore} onPage={setPage} labels={t} /> : null}
    </section>
  );
}
