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

const kindLabels = {
  merchant_disputes_payout: 'Merchant disputes payout',
  merchant_silent: 'Merchant silent',
  trader_not_received: 'Trader: not received',
  buyer_reports_problem: 'Buyer reports problem',
} as const;

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
  ['j / k', 'Next / previous case in the list'],
  ['Enter or o', 'Open the selected case'],
  ['x', 'Tick or untick the selected case'],
  ['c', 'Claim the ticked cases (or the selected one)'],
  ['r', 'Release the ticked cases (or the selected one)'],
  ['n', 'Claim next: take the unclaimed case due soonest and open it'],
  ['/', 'Search'],
  ['?', 'Show or hide this help'],
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
      { onSuccess: (result) => setNotice(`Claimed ${result.done.length}${result.skipped.length ? `; ${result.skipped.length} held by others or closed` : ''}.`) },
    );
    setTicked(new Set());
  }, [picked, bulkClaim]);
  const releasePicked = useCallback(() => {
    const cases = picked();
    if (cases.length === 0) return;
    bulkRelease.mutate({ cases }, { onSuccess: (result) => setNotice(`Released ${result.done.length}.`) });
    setTicked(new Set());
  }, [picked, bulkRelease]);
  const takeNext = useCallback(() => {
    claimNext.mutate(
      { filters: { ...query, claim: 'unclaimed' } },
      {
        onSuccess: (next) => {
          if (next) router.push(`/operator/disputes/${next.flow}/${next.orderId}`);
          else setNotice('No unclaimed case left in this view.');
        },
      },
    );
  }, [claimNext, query, router]);

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
        Filters and actions
      </button>
      <div id="queue-controls" className={controlsShown ? 'queue-controls is-open' : 'queue-controls'}>
      <form className="queue-filters" aria-label="Queue filters" onSubmit={(event) => event.preventDefault()}>
        <label>
          Flow
          <select value={filters.flow} onChange={(event) => set('flow', event.target.value as Filters['flow'])}>
            <option value="">Both</option>
            <option value="payout">Payouts</option>
            <option value="payin">Pay-ins</option>
          </select>
        </label>
        <label>
          Kind
          <select value={filters.kind} onChange={(event) => set('kind', event.target.value as Filters['kind'])}>
            <option value="">Any</option>
            {Object.entries(kindLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Reason contains
          <input value={filters.reason} maxLength={100} onChange={(event) => set('reason', event.target.value)} />
        </label>
        <label>
          Older than (h)
          <input inputMode="numeric" value={filters.minAgeHours} onChange={(event) => set('minAgeHours', event.target.value)} />
        </label>
        <label>
          Min CNY
          <input inputMode="decimal" value={filters.minAmount} onChange={(event) => set('minAmount', event.target.value)} />
        </label>
        <label>
          Max CNY
          <input inputMode="decimal" value={filters.maxAmount} onChange={(event) => set('maxAmount', event.target.value)} />
        </label>
        <label>
          Claim
          <select value={filters.claim} onChange={(event) => set('claim', event.target.value as Claim)}>
            <option value="any">Anyone&apos;s</option>
            <option value="mine">Claimed by me</option>
            <option value="unclaimed">Unclaimed</option>
          </select>
        </label>
        <label>
          Sort
          <select value={filters.sort} onChange={(event) => set('sort', event.target.value as Sort)}>
            <option value="due">Due by</option>
            <option value="age">Age</option>
            <option value="amount">Amount</option>
          </select>
        </label>
        <label>
          Order
          <select value={filters.direction} onChange={(event) => set('direction', event.target.value as 'asc' | 'desc')}>
            <option value="asc">Ascending</option>
            <option value="desc">Descending</option>
          </select>
        </label>
        <label className="is-inline">
          <input type="checkbox" checked={filters.overdueOnly} onChange={(event) => set('overdueOnly', event.target.checked)} /> Overdue only
        </label>
        {filters.merchantId || filters.traderId ? (
          <button type="button" className="button" onClick={() => setFilters((current) => ({ ...current, merchantId: '', traderId: '' }))}>
            Clear merchant/trader filter
          </button>
        ) : null}
      </form>

      <form
        className="queue-filters"
        aria-label="Saved views"
        onSubmit={(event) => {
          event.preventDefault();
          saveView.mutate({ name: viewName, filters: query }, { onSuccess: (saved) => setViewId(saved.viewId) });
        }}
      >
        <label>
          Saved view
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
          View name
          <input value={viewName} maxLength={60} aria-describedby="view-name-error" onChange={(event) => setViewName(event.target.value)} />
          <FieldError error={saveView.error} path="name" id="view-name-error" />
        </label>
        <button type="submit" className="button" disabled={saveView.isPending}>
          Save view
        </button>
        {viewId ? (
          <button type="button" className="button" disabled={deleteView.isPending} onClick={() => deleteView.mutate({ viewId }, { onSuccess: () => setViewId('') })}>
            Delete view
          </button>
        ) : null}
      </form>

      <div className="button-row">
        <button type="button" className="button is-primary" onClick={takeNext} disabled={claimNext.isPending}>
          Claim next <kbd>n</kbd>
        </button>
        <button type="button" className="button" onClick={claimPicked} disabled={bulkClaim.isPending || items.length === 0}>
          Claim {ticked.size > 0 ? `${ticked.size} ticked` : 'selected'} <kbd>c</kbd>
        </button>
        <button type="button" className="button" onClick={releasePicked} disabled={bulkRelease.isPending || items.length === 0}>
          Release {ticked.size > 0 ? `${ticked.size} ticked` : 'selected'} <kbd>r</kbd>
        </button>
        <button type="button" className="button" aria-expanded={help} aria-controls="queue-shortcuts" onClick={() => setHelp((shown) => !shown)}>
          Keyboard shortcuts <kbd>?</kbd>
        </button>
      </div>
      </div>
      {help ? (
        <section id="queue-shortcuts" className="shortcut-help" aria-label="Keyboard shortcuts">
          <h2>Keyboard shortcuts</h2>
          <dl className="facts">
            {shortcuts.map(([keys, what]) => (
              <div key={keys}>
                <dt>
                  <kbd>{keys}</kbd>
                </dt>
                <dd>{what}</dd>
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
        <p aria-busy="true">Loading the queue…</p>
      ) : (
        <>
          <p>{total === 0 ? 'No open disputes in this view.' : `${total} open ${total === 1 ? 'dispute' : 'disputes'} in this view.`}</p>
          {items.length > 0 ? (
            <div className="table-scroll" tabIndex={0} role="region" aria-label="Disputes queue">
              <table aria-label="Disputes queue" className="dense">
                <thead>
                  <tr>
                    <th scope="col">
                      <span className="visually-hidden">Ticked</span>
                    </th>
                    <th scope="col">Order</th>
                    <th scope="col">Flow</th>
                    <th scope="col">Amount</th>
                    <th scope="col">Merchant / trader</th>
                    <th scope="col">Reason</th>
                    <th scope="col">Age</th>
                    <th scope="col">Due by</th>
                    <th scope="col">Claimed by</th>
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
                            aria-label={`Tick ${item.orderNo}`}
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
                        <td>{item.flow === 'payout' ? 'Payout' : 'Pay-in'}</td>
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
                        <td title={formatTime(item.disputedAt)}>{formatAge(item.ageSeconds)}</td>
                        <td>
                          {item.dueBy ? (
                            <>
                              {formatTime(item.dueBy.dueAt)}
                              <br />
                              <small>
                                {item.dueBy.stage === 'first_response' ? 'first response' : 'ruling'} · {kindLabels[item.dueBy.kind]}
                              </small>
                              {overdue ? <span className="tag is-warning">Overdue</span> : null}
                            </>
                          ) : (
                            '—'
                          )}
                        </td>
                        <td>
                          {item.claimedBy ? (item.claimedBy.id === operatorId ? `${item.claimedBy.name} (you)` : item.claimedBy.name) : <span className="tag is-warning">Unclaimed</span>}
                          {item.awaitingApproval ? (
                            <>
                              <br />
                              <span className="tag">Awaiting approval</span>
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
            <p className="console-empty">Nothing to arbitrate in this view. New disputes appear here by themselves.</p>
          )}
          {total > PAGE_SIZE ? <Pager page={page} hasMore={page * PAGE_SIZE < total} onPage={setPage} label="Disputes" /> : null}
        </>
      )}
    </>
  );
}
