'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTRPC } from '../../../_trpc/client';
import { ErrorLine, FieldError } from '../../../_components/console/error-line';
import { formatAge, formatTime } from '../../../_components/console/format';
import { Pager } from '../../_components/pager';
import { formatCny, formatUsdt } from '../../../../common/amount-display';
import { useOperatorMessages } from '../../_components/messages-context';
import { orderLabels } from '../../../_components/order-labels';
import { disputesMessages } from './disputes-messages';

const PAGE_SIZE = 50;

type Claim = 'any' | 'mine' | 'unclaimed';
type Sort = 'due' | 'age' | 'amount';
interface Filters {
  flow: '' | 'payout' | 'payin';
  kind: '' | 'merchant_disputes_payout' | 'merchant_silent' | 'trader_not_received' | 'buyer_reports_problem';
  reason: string;
  minAgeHours: string;
  minAmount: string;
  maxAmount: string;
  merchantId: string;
  traderId: string;
  claim: Claim;
  overdueOnly: boolean;
  sort: Sort;
  direction: 'asc' | 'desc';
}

const emptyFilters: Filters = {
  flow: '', kind: '', reason: '', minAgeHours: '', minAmount: '', maxAmount: '', merchantId: '', traderId: '', claim: 'any', overdueOnly: false, sort: 'due', direction: 'asc',
};


/** The filters as the procedure takes them: empty fields left out. */
function queryOf(filters: Filters) {
  return {
    ...(filters.flow ? { flow: filters.flow } : {}),
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.reason.trim() ? { reason: filters.reason.trim() } : {}),
    ...(/^\d+$/.test(filters.minAgeHours) ? { minAgeHours: Number(filters.minAgeHours) } : {}),
    ...(filters.minAmount.trim() ? { minAmount: filters.minAmount.trim() } : {}),
    ...(filters.maxAmount.trim() ? { maxAmount: filters.maxAmount.trim() } : {}),
    ...(filters.merchantId ? { merchantId: filters.merchantId } : {}),
    ...(filters.traderId ? { traderId: filters.traderId } : {}),
    claim: filters.claim,
    overdueOnly: filters.overdueOnly,
    sort: filters.sort,
    direction: filters.direction,
  };
}

const shortcuts = [
  ['j / k', 'next'],
  ['Enter / o', 'open'],
  ['x', 'tick'],
  ['c', 'claim'],
  ['r', 'release'],
  ['n', 'claimNext'],
  ['/', 'search'],
  ['?', 'help'],
] as const;

function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return !!element && (element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName));
}

export function DisputesQueue({ operatorId }: { operatorId: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const params = useSearchParams();
  const queryClient = useQueryClient();
  const { lang, t: common } = useOperatorMessages();
  const t = disputesMessages[lang].queue;
  const words = orderLabels[lang];
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<Filters>(() => ({
    ...emptyFilters,
    merchantId: params.get('merchantId') ?? '',
    traderId: params.get('traderId') ?? '',
  }));
  const [selected, setSelected] = useState(0);
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [controlsShown, setControlsShown] = useState(false);
  const [help, setHelp] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const query = useMemo(() => queryOf(filters), [filters]);
  const queue = useQuery({ ...trpc.operator.disputes.list.queryOptions({ ...query, page, pageSize: PAGE_SIZE }), refetchInterval: 15_000 });
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: trpc.operator.disputes.list.queryKey() }), [queryClient, trpc]);
  const bulkClaim = useMutation(trpc.operator.disputes.bulkClaim.mutationOptions({ onSettled: refresh }));
  const bulkRelease = useMutation(trpc.operator.disputes.bulkRelease.mutationOptions({ onSettled: refresh }));
  const claimNext = useMutation(trpc.operator.disputes.claimNext.mutationOptions({ onSettled: refresh }));
  const views = useQuery(trpc.operator.queueViews.list.queryOptions({}));
  const refreshViews = () => queryClient.invalidateQueries({ queryKey: trpc.operator.queueViews.list.queryKey() });
  const saveView = useMutation(trpc.operator.queueViews.save.mutationOptions({ onSuccess: refreshViews }));
  const deleteView = useMutation(trpc.operator.queueViews.delete.mutationOptions({ onSuccess: refreshViews }));
  const [viewName, setViewName] = useState('');
  const [viewId, setViewId] = useState('');

  const items = useMemo(() => queue.data?.items ?? [], [queue.data]);
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
    setSelected(0);
  };

  const picked = useCallback(() => {
    const refs = items.filter((item) => ticked.has(item.orderId)).map((item) => ({ flow: item.flow, orderId: item.orderId }));
    const current = items[selected];
    return refs.length > 0 ? refs : current ? [{ flow: current.flow, orderId: current.orderId }] : [];
  }, [items, ticked, selected]);

  const claimPicked = useCallback(() => {
    const cases = picked();
    if (cases.length === 0) return;
    bulkClaim.mutate(
      { cases },
      { onSuccess: (result) => setNotice(t.claimed(result.done.length, result.skipped.length)) },
    );
    setTicked(new Set());
  }, [picked, bulkClaim, t]);
  const releasePicked = useCallback(() => {
    const cases = picked();
    if (cases.length === 0) return;
    bulkRelease.mutate({ cases }, { onSuccess: (result) => setNotice(t.released(result.done.length)) });
    setTicked(new Set());
  }, [picked, bulkRelease, t]);
  const takeNext = useCallback(() => {
    claimNext.mutate(
      { filters: { ...query, claim: 'unclaimed' } },
      {
        onSuccess: (next) => {
          if (next) router.push(`/operator/disputes/${next.flow}/${next.orderId}`);
          else setNotice(t.noneLeft);
        },
      },
    );
  }, [claimNext, query, router, t]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const current = items[selected];
      switch (event.key) {
        case 'j':
          setSelected((index) => Math.min(index + 1, Math.max(items.length - 1, 0)));
          break;
        case 'k':
          setSelected((index) => Math.max(index - 1, 0));
          break;
        case 'o':
        case 'Enter':
          if (current) router.push(`/operator/disputes/${current.flow}/${current.orderId}`);
          break;
        case 'x':
          if (current) {
            setTicked((was) => {
              const next = new Set(was);
              if (next.has(current.orderId)) next.delete(current.orderId);
              else next.add(current.orderId);
              return next;
            });
          }
          break;
        case 'c':
          claimPicked();
          break;
        case 'r':
          releasePicked();
          break;
        case 'n':
          takeNext();
          break;
        case '?':
          setHelp((shown) => !shown);
          break;
        default:
          return;
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [items, selected, router, claimPicked, releasePicked, takeNext]);

  const total = queue.data?.total ?? 0;
  return (
    <>
      {/* A phone shows the queue first; its filters, views and bulk actions open from this button (console.css). */}
      <button type="button" className="button queue-controls-toggle" aria-expanded={controlsShown} aria-controls="queue-controls" onClick={() => setControlsShown((shown) => !shown)}>
        {t.filtersAndActions}
      </button>
      <div id="queue-controls" className={controlsShown ? 'queue-controls is-open' : 'queue-controls'}>
      <form className="queue-filters" aria-label={t.filters} onSubmit={(event) => event.preventDefault()}>
        <label>
          {t.flow}
          <select value={filters.flow} onChange={(event) => set('flow', event.target.value as Filters['flow'])}>
            <option value="">{t.both}</option>
            <option value="payout">{t.payouts}</option>
            <option value="payin">{t.payins}</option>
          </select>
        </label>
        <label>
          {t.kind}
          <select value={filters.kind} onChange={(event) => set('kind', event.target.value as Filters['kind'])}>
            <option value="">{t.any}</option>
            {Object.entries(words.disputeKind).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.reason}
          <input value={filters.reason} maxLength={100} onChange={(event) => set('reason', event.target.value)} />
        </label>
        <label>
          {t.olderThan}
          <input inputMode="numeric" value={filters.minAgeHours} onChange={(event) => set('minAgeHours', event.target.value)} />
        </label>
        <label>
          {t.minCny}
          <input inputMode="decimal" value={filters.minAmount} onChange={(event) => set('minAmount', event.target.value)} />
        </label>
        <label>
          {t.maxCny}
          <input inputMode="decimal" value={filters.maxAmount} onChange={(event) => set('maxAmount', event.target.value)} />
        </label>
        <label>
          {t.claim}
          <select value={filters.claim} onChange={(event) => set('claim', event.target.value as Claim)}>
            <option value="any">{t.anyones}</option>
            <option value="mine">{t.mine}</option>
            <option value="unclaimed">{t.unclaimed}</option>
          </select>
        </label>
        <label>
          {t.sort}
          <select value={filters.sort} onChange={(event) => set('sort', event.target.value as Sort)}>
            <option value="due">{t.dueBy}</option>
            <option value="age">{t.age}</option>
            <option value="amount">{t.amount}</option>
          </select>
        </label>
        <label>
          {t.order}
          <select value={filters.direction} onChange={(event) => set('direction', event.target.value as 'asc' | 'desc')}>
            <option value="asc">{t.ascending}</option>
            <option value="desc">{t.descending}</option>
          </select>
        </label>
        <label className="is-inline">
          <input type="checkbox" checked={filters.overdueOnly} onChange={(event) => set('overdueOnly', event.target.checked)} /> {t.overdueOnly}
        </label>
        {filters.merchantId || filters.traderId ? (
          <button type="button" className="button" onClick={() => setFilters((current) => ({ ...current, merchantId: '', traderId: '' }))}>
            {t.clearParty}
          </button>
        ) : null}
      </form>

      <form
        className="queue-filters"
        aria-label={t.savedViews}
        onSubmit={(event) => {
          event.preventDefault();
          saveView.mutate({ name: viewName, filters: query }, { onSuccess: (saved) => setViewId(saved.viewId) });
        }}
      >
        <label>
          {t.savedView}
          <select
            value={viewId}
            onChange={(event) => {
              const chosen = views.data?.find((view) => view.viewId === event.target.value);
              setViewId(event.target.value);
              if (!chosen) return;
              const f = chosen.filters;
              setFilters({
                ...emptyFilters,
                flow: f.flow ?? '',
                kind: f.kind ?? '',
                reason: f.reason ?? '',
                minAgeHours: f.minAgeHours === undefined ? '' : String(f.minAgeHours),
                minAmount: f.minAmount ?? '',
                maxAmount: f.maxAmount ?? '',
                merchantId: f.merchantId ?? '',
                traderId: f.traderId ?? '',
                claim: f.claim ?? 'any',
                overdueOnly: f.overdueOnly ?? false,
                sort: f.sort ?? 'due',
                direction: f.direction ?? 'asc',
              });
              setPage(1);
              setViewName(chosen.name);
            }}
          >
            <option value="">—</option>
            {views.data?.map((view) => (
              <option key={view.viewId} value={view.viewId}>
                {view.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.viewName}
          <input value={viewName} maxLength={60} aria-describedby="view-name-error" onChange={(event) => setViewName(event.target.value)} />
          <FieldError error={saveView.error} path="name" id="view-name-error" />
        </label>
        <button type="submit" className="button" disabled={saveView.isPending}>
          {t.saveView}
        </button>
        {viewId ? (
          <button type="button" className="button" disabled={deleteView.isPending} onClick={() => deleteView.mutate({ viewId }, { onSuccess: () => setViewId('') })}>
            {t.deleteView}
          </button>
        ) : null}
      </form>

      <div className="button-row">
        <button type="button" className="button is-primary" onClick={takeNext} disabled={claimNext.isPending}>
          {t.claimNext} <kbd>n</kbd>
        </button>
        <button type="button" className="button" onClick={claimPicked} disabled={bulkClaim.isPending || items.length === 0}>
          {t.claimSome(ticked.size)} <kbd>c</kbd>
        </button>
        <button type="button" className="button" onClick={releasePicked} disabled={bulkRelease.isPending || items.length === 0}>
          {t.releaseSome(ticked.size)} <kbd>r</kbd>
        </button>
        <button type="button" className="button" aria-expanded={help} aria-controls="queue-shortcuts" onClick={() => setHelp((shown) => !shown)}>
          {t.shortcutsButton} <kbd>?</kbd>
        </button>
      </div>
      </div>
      {help ? (
        <section id="queue-shortcuts" className="shortcut-help" aria-label={t.shortcutsButton}>
          <h2>{t.shortcutsButton}</h2>
          <dl className="facts">
            {shortcuts.map(([keys, what]) => (
              <div key={keys}>
                <dt>
                  <kbd>{keys}</kbd>
                </dt>
                <dd>{t.shortcuts[what]}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      {notice ? (
        <p role="status" className="console-ok">
          {notice}
        </p>
      ) : null}
      <ErrorLine error={bulkClaim.error ?? bulkRelease.error ?? claimNext.error ?? queue.error ?? deleteView.error} />

      {queue.isPending ? (
        <p aria-busy="true">{disputesMessages[lang].loadingQueue}</p>
      ) : (
        <>
          <p>{t.total(total)}</p>
          {items.length > 0 ? (
            <div className="table-scroll" tabIndex={0} role="region" aria-label={t.tableLabel}>
              <table aria-label={t.tableLabel} className="dense">
                <thead>
                  <tr>
                    <th scope="col">
                      <span className="visually-hidden">{t.ticked}</span>
                    </th>
                    <th scope="col">{t.orderCol}</th>
                    <th scope="col">{t.flowCol}</th>
                    <th scope="col">{t.amountCol}</th>
                    <th scope="col">{t.partiesCol}</th>
                    <th scope="col">{t.reasonCol}</th>
                    <th scope="col">{t.ageCol}</th>
                    <th scope="col">{t.dueCol}</th>
                    <th scope="col">{t.claimedCol}</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((item, index) => {
                    const overdue = item.dueBy?.overdue ?? false;
                    return (
                      <tr
                        key={item.orderId}
                        className={[overdue ? 'is-overdue' : '', index === selected ? 'is-selected' : ''].join(' ').trim() || undefined}
                        aria-selected={index === selected}
                        onClick={() => setSelected(index)}
                      >
                        <td>
                          <input
                            type="checkbox"
                            aria-label={t.tick(item.orderNo)}
                            checked={ticked.has(item.orderId)}
                            onChange={(event) =>
                              setTicked((was) => {
                                const next = new Set(was);
                                if (event.target.checked) next.add(item.orderId);
                                else next.delete(item.orderId);
                                return next;
                              })
                            }
                          />
                        </td>
                        <td>
                          <Link href={`/operator/disputes/${item.flow}/${item.orderId}`} className="mono">
                            {item.orderNo}
                          </Link>
                        </td>
                        <td>{words.flow[item.flow]}</td>
                        <td>
                          {formatCny(item.fiatAmount)} CNY
                          <br />
                          {formatUsdt(item.usdtAmount)} USDT
                        </td>
                        <td>
                          {item.merchantName}
                          <br />
                          {item.traderName ?? '—'}
                        </td>
                        <td>{item.disputeReason ?? '—'}</td>
                        <td title={formatTime(item.disputedAt)}>{formatAge(item.ageSeconds, lang)}</td>
                        <td>
                          {item.dueBy ? (
                            <>
                              {formatTime(item.dueBy.dueAt)}
                              <br />
                              <small>
                                {words.disputeStage[item.dueBy.stage]} · {words.disputeKind[item.dueBy.kind]}
                              </small>
                              {overdue ? <span className="tag is-warning">{t.overdue}</span> : null}
                            </>
                          ) : (
                            '—'
                          )}
                        </td>
                        <td>
                          {item.claimedBy ? (item.claimedBy.id === operatorId ? `${item.claimedBy.name} ${common.you}` : item.claimedBy.name) : <span className="tag is-warning">{t.unclaimed}</span>}
                          {item.awaitingApproval ? (
                            <>
                              <br />
                              <span className="tag">{t.awaitingApproval}</span>
                            </>
                          ) : null}
                          {item.escalated ? (
                            <>
                              <br />
                              <span className="tag is-danger">{t.escalated(item.missedDeadlines)}</span>
                            </>
                          ) : null}
                          {item.autoRulingAt ? (
                            <>
                              <br />
                              <span className="tag">{t.autoRulingAt(formatTime(item.autoRulingAt))}</span>
                            </>
                          ) : null}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="console-empty">{t.empty}</p>
          )}
          {total > PAGE_SIZE ? <Pager page={page} hasMore={page * PAGE_SIZE < total} onPage={setPage} label={t.pagerLabel} /> : null}
        </>
      )}
    </>
  );
}
