'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatCny } from '../../../../common/amount-display';
import { ConfirmButton } from '../../../_components/console/confirm-dialog';
import { ErrorLine } from '../../../_components/console/error-line';
import { formatTime } from '../../../_components/console/format';
import { riskRuleMessages } from '../../../_components/risk-rules/risk-rule-messages';
import { useTRPC } from '../../../_trpc/client';
import { useOperatorMessages } from '../../_components/messages-context';
import { Pager } from '../../_components/pager';
import { riskMessages } from './risk-messages';

const PAGE_SIZE = 20;
const reasonIdOf = (holdId: string) => `hold-reason-${holdId}`;

/** The review queue: each held order with a reason field, approve, and reject behind a confirmation. */
export function HeldOrders() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { lang, t: common } = useOperatorMessages();
  const t = riskMessages[lang];
  const [page, setPage] = useState(1);
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [reasonMissing, setReasonMissing] = useState<string | null>(null);
  const list = useQuery({ ...trpc.operator.risk.heldOrders.queryOptions({ page, pageSize: PAGE_SIZE }), refetchInterval: 15_000 });
  const decide = useMutation(trpc.operator.risk.decideHold.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.operator.risk.heldOrders.queryKey() }) }));
  const reasonReady = (holdId: string) => {
    const ready = (reasons[holdId] ?? '').trim() !== '';
    setReasonMissing(ready ? null : holdId);
    if (!ready) document.getElementById(reasonIdOf(holdId))?.focus();
    return ready;
  };
  // The order's number is kept at sending: once decided, the order leaves the list.
  const [decidedOrderNo, setDecidedOrderNo] = useState('');
  const send = (holdId: string, orderNo: string, decision: 'approve' | 'reject') => {
    setDecidedOrderNo(orderNo);
    decide.mutate({ holdId, decision, reason: reasons[holdId] ?? '' });
  };

  return (
    <section aria-labelledby="review-heading">
      <h2 id="review-heading">{t.reviewHeading}</h2>
      <p>{t.reviewLead}</p>
      {list.isPending ? <p aria-busy="true">{common.loading}</p> : null}
      <ErrorLine error={list.error} />
      {list.data && list.data.items.length === 0 ? <p className="console-empty">{t.reviewEmpty}</p> : null}
      {list.data && list.data.items.length > 0 ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t.reviewLabel}>
          <table aria-label={t.reviewLabel}>
            <thead>
              <tr>
                <th scope="col">{t.order}</th>
                <th scope="col">{t.merchant}</th>
                <th scope="col">{t.amount}</th>
                <th scope="col">{t.rule}</th>
                <th scope="col">{t.heldAt}</th>
                <th scope="col">{t.decision}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((item) => (
                <tr key={item.holdId}>
                  <td>
                    <span className="mono">{item.orderNo}</span>
                    <div>{riskRuleMessages[lang].flow[item.flow]}</div>
                  </td>
                  <td>{item.merchantName}</td>
                  <td>{formatCny(item.fiatAmount)} CNY</td>
                  <td>
                    {item.ruleName}
                    <div className="mono">{item.ruleReference}</div>
                  </td>
                  <td>{formatTime(item.heldAt)}</td>
                  <td>
                    <label>
                      <span className="visually-hidden">{t.reasonFor(item.orderNo)}</span>
                      <input
                        id={reasonIdOf(item.holdId)}
                        placeholder={t.reasonPlaceholder}
                        maxLength={500}
                        value={reasons[item.holdId] ?? ''}
                        aria-invalid={reasonMissing === item.holdId || undefined}
                        aria-describedby={reasonMissing === item.holdId ? `${reasonIdOf(item.holdId)}-missing` : undefined}
                        onChange={(e) => setReasons({ ...reasons, [item.holdId]: e.target.value })}
                      />
                    </label>
                    {reasonMissing === item.holdId ? (
                      <span id={`${reasonIdOf(item.holdId)}-missing`} className="field-error" role="alert">
                        {t.reasonMissing}
                      </span>
                    ) : null}
                    <div className="button-row" style={{ marginTop: 'var(--space-1)' }}>
                      <ConfirmButton
                        className="button"
                        disabled={decide.isPending}
                        title={t.approveTitle(item.orderNo)}
                        consequence={t.approveConsequence}
                        confirmLabel={t.approve}
                        ready={() => reasonReady(item.holdId)}
                        onConfirm={() => send(item.holdId, item.orderNo, 'approve')}
                      >
                        {t.approve}
                      </ConfirmButton>
                      <ConfirmButton
                        disabled={decide.isPending}
                        title={t.rejectTitle(item.orderNo)}
                        consequence={t.rejectConsequence(item.merchantName)}
                        confirmLabel={t.reject}
                        ready={() => reasonReady(item.holdId)}
                        onConfirm={() => send(item.holdId, item.orderNo, 'reject')}
                      >
                        {t.reject}
                      </ConfirmButton>
                    </div>
                    {decide.variables?.holdId === item.holdId ? <ErrorLine error={decide.error} /> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {decide.data ? (
        <p role="status" className="console-ok">
          {t.decided(decidedOrderNo, decide.data.state === 'approved' ? t.approved : t.rejected)}
        </p>
      ) : null}
      {list.data && list.data.total > PAGE_SIZE ? <Pager page={page} hasMore={page * PAGE_SIZE < list.data.total} onPage={setPage} label={t.pagerLabel} /> : null}
    </section>
  );
}
