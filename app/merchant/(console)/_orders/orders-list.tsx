import Link from 'next/link';
import { payinStatuses } from '../../../../server/payins/payin-machine';
import { payoutStatuses } from '../../../../server/payouts/payout-machine';
import { hasMerchantPermission } from '../../../../server/merchant-team/merchant-permissions';
import type { MerchantPageUser } from '../../../_auth/require-merchant-user';
import { errorText } from '../../../_components/error-text';
import { statusLabel } from '../../../_components/order-labels';
import { merchantLangOfRequest } from '../../_components/merchant-language';
import { refusalOf } from '../../../_trpc/refusal-of';
import { formatTime } from '../../../_components/console/format';
import { merchantCaller } from '../../_components/merchant-caller';
import type { OrdersMessages } from '../../_components/orders-messages';
import { parseOrderQuery, type OrderFilter, type OrderSearchParams, type OrdersFlow } from './order-query';
import { formatCny, formatUsdt } from '../../../../common/amount-display';

type Flow = OrdersFlow;

/** A payout with the trader's proof in, waiting for the merchant to confirm or dispute it. */
const AWAITING_DECISION = 'PAYMENT_SUBMITTED';
export type { OrderSearchParams };

function queryString(filter: OrderFilter, extra: Record<string, string> = {}) {
  const query = new URLSearchParams();
  if (filter.search) query.set('search', filter.search);
  if (filter.status?.[0]) query.set('status', filter.status[0]);
  if (filter.from) query.set('from', filter.from);
  if (filter.to) query.set('to', filter.to);
  if (filter.sort !== 'newest') query.set('sort', filter.sort);
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  return query.toString();
}

/**
 * The payouts or pay-ins table of the console, rendered on the server from the orders procedure:
 * the search box first (an order is looked up by either number, the phone's use), then status,
 * dates and sort, the table, the pages and the CSV export of the whole filtered set. Payouts
 * waiting for the merchant's decision carry a badge, and one link lists only those.
 */
export async function OrdersList({ flow, params, user, t }: { flow: Flow; params: OrderSearchParams; user: MerchantPageUser; t: OrdersMessages['orders'] }) {
  const parsed = parseOrderQuery(flow, params);
  const filter = parsed.filter;
  const caller = await merchantCaller();
  const statuses: readonly string[] = flow === 'payouts' ? payoutStatuses : payinStatuses;
  const lang = await merchantLangOfRequest();
  const status = (code: string) => statusLabel(lang, flow === 'payouts' ? 'payout' : 'payin', code);
  let result: Awaited<ReturnType<typeof caller.merchantOrders.payouts>> | Awaited<ReturnType<typeof caller.merchantOrders.payins>> | null = null;
  let refusal = parsed.refusal;
  if (!refusal) {
    try {
      result = flow === 'payouts' ? await caller.merchantOrders.payouts(filter as never) : await caller.merchantOrders.payins(filter as never);
    } catch (error) {
      // Input from the URL that the procedure refused: said on the page, never a 500.
      refusal = refusalOf(error);
    }
  }
  const base = `/merchant/${flow}`;
  const pages = result ? Math.max(1, Math.ceil(result.total / result.pageSize)) : 1;
  const canExport = hasMerchantPermission(user.merchantRole, 'exports.create');
  return (
    <>
      <form method="get" action={base} className="order-filter" role="search" aria-label={t.lookup}>
        <label>
          {t.search}
          <input type="search" name="search" defaultValue={filter.search ?? ''} maxLength={64} autoComplete="off" inputMode="text" />
        </label>
        <label>
          {t.status}
          <select name="status" defaultValue={filter.status?.[0] ?? ''}>
            <option value="">{t.anyStatus}</option>
            {statuses.map((code) => (
              <option key={code} value={code}>
                {status(code)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.from}
          <input type="date" name="from" defaultValue={filter.from ?? ''} />
        </label>
        <label>
          {t.to}
          <input type="date" name="to" defaultValue={filter.to ?? ''} />
        </label>
        <label>
          {t.sort}
          <select name="sort" defaultValue={filter.sort}>
            <option value="newest">{t.newest}</option>
            <option value="oldest">{t.oldest}</option>
          </select>
        </label>
        <div className="button-row">
          <button type="submit" className="button is-primary">
            {t.apply}
          </button>
          <Link className="button" href={base}>
            {t.reset}
          </Link>
        </div>
      </form>
      {flow === 'payouts' && !(filter.status?.length === 1 && filter.status[0] === AWAITING_DECISION) ? (
        <p>
          <Link href={`${base}?status=${AWAITING_DECISION}`} data-testid="awaiting-filter">
            {t.awaitingFilter}
          </Link>
        </p>
      ) : null}
      {refusal ? (
        <p role="alert" className="console-error" data-testid="filter-refused">
          {t.refused} {errorText(refusal, lang, { search: t.search, status: t.status, from: t.from, to: t.to, sort: t.sort, page: t.pagesLabel })}
        </p>
      ) : null}
      {result ? (
        <>
          <p aria-live="polite" data-testid="order-total">
            {t.total(result.total)}
          </p>
          {canExport ? (
            <p>
              <a className="button" href={`/merchant/export?${queryString(filter, { flow })}`} download data-testid="export-csv">
                {t.exportCsv}
              </a>{' '}
              <small>{t.exportHint}</small>
            </p>
          ) : null}
          {result.items.length === 0 ? (
            <p className="console-empty">{t.empty}</p>
          ) : (
            <div className="table-scroll" tabIndex={0} role="region" aria-label={flow === 'payouts' ? t.payoutsTitle : t.payinsTitle}>
              <table aria-label={flow === 'payouts' ? t.payoutsTitle : t.payinsTitle}>
                <thead>
                  <tr>
                    <th scope="col">{t.orderNo}</th>
                    <th scope="col">{t.merchantOrderNo}</th>
                    <th scope="col">{t.status}</th>
                    <th scope="col">{t.amount}</th>
                    <th scope="col">{t.fiat}</th>
                    <th scope="col" aria-sort={filter.sort === 'oldest' ? 'ascending' : 'descending'}>
                      <Link href={`${base}?${queryString({ ...filter, sort: filter.sort === 'oldest' ? 'newest' : 'oldest' })}`}>
                        {t.created} {filter.sort === 'oldest' ? '↑' : '↓'}
                      </Link>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {result.items.map((item) => (
                    <tr key={item.orderNo}>
                      <td>
                        <Link className="mono" href={`${base}/${encodeURIComponent(item.orderNo)}`}>
                          {item.orderNo}
                        </Link>
                      </td>
                      <td className="mono">{item.merchantOrderNo}</td>
                      <td>
                        <span className="tag">{status(item.status)}</span>
                        {flow === 'payouts' && item.status === AWAITING_DECISION ? (
                          <>
                            {' '}
                            <span className="tag is-warning" data-testid="needs-decision">
                              {t.needsDecision}
                            </span>
                          </>
                        ) : null}
                      </td>
                      <td className="amount">{formatUsdt(item.usdAmount)}</td>
                      <td className="amount">{formatCny('lockedFiatAmount' in item ? item.lockedFiatAmount : item.fiatAmount)}</td>
                      <td>{formatTime(item.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <nav aria-label={t.pagesLabel} className="button-row">
            {filter.page > 1 ? (
              <Link className="button" href={`${base}?${queryString(filter, { page: String(filter.page - 1) })}`}>
                {t.previous}
              </Link>
            ) : null}
            <span>{t.pageOf(filter.page, pages)}</span>
            {filter.page < pages ? (
              <Link className="button" href={`${base}?${queryString(filter, { page: String(filter.page + 1) })}`}>
                {t.next}
              </Link>
            ) : null}
          </nav>
        </>
      ) : null}
    </>
  );
}
