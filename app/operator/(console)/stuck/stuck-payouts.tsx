'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ConfirmButton } from '../../../_components/console/confirm-dialog';
import { ErrorLine } from '../../../_components/console/error-line';
import { formatAge, formatTime } from '../../../_components/console/format';
import { Pager } from '../../_components/pager';
import { formatCny, formatUsdt } from '../../../../common/amount-display';
import { useOperatorMessages } from '../../_components/messages-context';
import { stuckMessages } from './stuck-messages';

const PAGE_SIZE = 25;
const noteIdOf = (orderId: string) => `stuck-note-${orderId}`;

export function StuckPayouts() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { lang, t: common } = useOperatorMessages();
  const t = stuckMessages[lang];
  const [minutes, setMinutes] = useState('');
  const [page, setPage] = useState(1);
  const [notes, setNotes] = useState<Record<string, string>>({});
  const input = { page, pageSize: PAGE_SIZE, ...(minutes !== '' && /^\d+$/.test(minutes) ? { unmatchedAfterMinutes: Number(minutes) } : {}) };
  const list = useQuery({ ...trpc.operator.stuckPayouts.list.queryOptions(input), refetchInterval: 30_000 });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.operator.stuckPayouts.list.queryKey() });
  const reassign = useMutation(trpc.operator.stuckPayouts.reassign.mutationOptions({ onSuccess: refresh }));
  const cancel = useMutation(trpc.operator.stuckPayouts.cancel.mutationOptions({ onSuccess: refresh }));
  // The row whose note was found empty: its field says so, and neither action goes out.
  const [noteMissing, setNoteMissing] = useState<string | null>(null);
  const noteReady = (orderId: string) => {
    const ready = (notes[orderId] ?? '').trim() !== '';
    setNoteMissing(ready ? null : orderId);
    if (!ready) document.getElementById(noteIdOf(orderId))?.focus();
    return ready;
  };
  // A refusal is shown in the row it is about, next to the buttons, not under the whole table.
  const rowError = (orderId: string) =>
    reassign.variables?.orderId === orderId && reassign.error ? reassign.error : cancel.variables?.orderId === orderId && cancel.error ? cancel.error : null;

  return (
    <>
      <p className="lead">{t.lead}</p>
      <div className="console-bar">
        <label>
          {t.unmatchedAfter}
          <input inputMode="numeric" pattern="\d*" value={minutes} onChange={(e) => { setMinutes(e.target.value); setPage(1); }} />
        </label>
      </div>
      {list.isPending ? <p aria-busy="true">{common.loading}</p> : null}
      <ErrorLine error={list.error} />
      {list.data && list.data.items.length === 0 ? <p className="console-empty">{t.empty}</p> : null}
      {list.data && list.data.items.length > 0 ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t.tableLabel}>
          <table aria-label={t.tableLabel}>
            <thead>
              <tr>
                <th scope="col">{t.order}</th>
                <th scope="col">{t.state}</th>
                <th scope="col">{t.amount}</th>
                <th scope="col">{t.parties}</th>
                <th scope="col">{t.age}</th>
                <th scope="col">{t.noteAndAction}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((item) => (
                <tr key={item.orderId}>
                  <td className="mono">{item.orderNo}</td>
                  <td>
                    <span className={item.status === 'PAYMENT_OVERDUE' ? 'tag is-warning' : 'tag'}>{item.status === 'PAYMENT_OVERDUE' ? t.overdue : t.unmatched}</span>
                    <div>{item.status === 'PAYMENT_OVERDUE' ? t.due(formatTime(item.paymentDueAt)) : t.matchDue(formatTime(item.matchDueAt))}</div>
                  </td>
                  <td>
                    {formatCny(item.fiatAmount)} CNY
                    <br />
                    {formatUsdt(item.usdAmount)} USDT
                  </td>
                  <td>
                    {item.merchantName}
                    <br />
                    {item.traderName ?? '—'}
                    {item.status === 'PAYMENT_OVERDUE' && item.dispatch ? <div className="console-hint">{t.dispatch(item.dispatch)}</div> : null}
                  </td>
                  <td>{formatAge(item.ageSeconds, lang)}</td>
                  <td>
                    <label>
                      <span className="visually-hidden">{t.noteFor(item.orderNo)}</span>
                      <input
                        id={noteIdOf(item.orderId)}
                        placeholder={t.notePlaceholder}
                        maxLength={1000}
                        value={notes[item.orderId] ?? ''}
                        aria-invalid={noteMissing === item.orderId || undefined}
                        aria-describedby={noteMissing === item.orderId ? `${noteIdOf(item.orderId)}-missing` : undefined}
                        onChange={(e) => setNotes({ ...notes, [item.orderId]: e.target.value })}
                      />
                    </label>
                    {noteMissing === item.orderId ? (
                      <span id={`${noteIdOf(item.orderId)}-missing`} className="field-error" role="alert">
                        {t.noteMissing}
                      </span>
                    ) : null}
                    <div className="button-row" style={{ marginTop: 'var(--space-1)' }}>
                      <button type="button" className="button" disabled={reassign.isPending} onClick={() => noteReady(item.orderId) && reassign.mutate({ orderId: item.orderId, note: notes[item.orderId] ?? '' })}>
                        {t.backToPool}
                      </button>
                      <ConfirmButton
                        disabled={cancel.isPending}
                        title={t.cancelTitle(item.orderNo)}
                        consequence={t.cancelConsequence(item.merchantName)}
                        confirmLabel={t.cancel}
                        ready={() => noteReady(item.orderId)}
                        onConfirm={() => cancel.mutate({ orderId: item.orderId, note: notes[item.orderId] ?? '' })}
                      >
                        {t.cancel}
                      </ConfirmButton>
                    </div>
                    <ErrorLine error={rowError(item.orderId)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {reassign.data ? <p role="status" className="console-ok">{t.reassigned(reassign.data.orderNo)}</p> : null}
      {cancel.data ? <p role="status" className="console-ok">{t.cancelled(cancel.data.orderNo)}</p> : null}
      {list.data && list.data.total > PAGE_SIZE ? <Pager page={page} hasMore={page * PAGE_SIZE < list.data.total} onPage={setPage} label={t.pagerLabel} /> : null}
    </>
  );
}
