import { consoleListPayinsInput, consoleListPayoutsInput } from '../../../../server/merchant-console/merchant-orders.schema';
import { checkInput } from '../../../../server/validation/parse-input';
import type { Refusal } from '../../../_trpc/refusal-of';

export type OrderSearchParams = Record<string, string | string[] | undefined>;
export type OrdersFlow = 'payouts' | 'payins';

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;

const PAGE = /^[1-9]\d{0,5}$/;
const SORTS = ['newest', 'oldest'] as const;

/** The filter as the URL holds it, as text: what the form shows back, valid or not. */
function filterOf(params: OrderSearchParams) {
  const status = one(params.status);
  const page = one(params.page);
  const sort = one(params.sort);
  return {
    search: one(params.search),
    status: status ? [status] : undefined,
    from: one(params.from),
    to: one(params.to),
    sort: sort === 'oldest' ? ('oldest' as const) : ('newest' as const),
    page: page !== undefined && PAGE.test(page) ? Number(page) : 1,
  };
}

/** A page number or sort order the links never make: named like the schema's own refusals. */
function unreadable(params: OrderSearchParams): { path: string; message: string }[] {
  const page = one(params.page);
  const sort = one(params.sort);
  return [
    ...(page !== undefined && !PAGE.test(page) ? [{ path: 'page', message: 'must be a whole number from 1' }] : []),
    ...(sort !== undefined && !(SORTS as readonly string[]).includes(sort) ? [{ path: 'sort', message: 'must be newest or oldest' }] : []),
  ];
}

export type OrderFilter = ReturnType<typeof filterOf>;

/**
 * The orders page's query string checked on the server by the procedure's own schema before any
 * call: a malformed date, an unknown status, a page number no link makes or an over-long search is a refusal the page says
 * inline (VALIDATION_FAILED, each field named), never a 500 (docs/merchant-guide.md, "The orders pages").
 */
export function parseOrderQuery(flow: OrdersFlow, params: OrderSearchParams): { filter: OrderFilter; refusal: Refusal | null } {
  const filter = filterOf(params);
  const checked = checkInput(flow === 'payouts' ? consoleListPayoutsInput : consoleListPayinsInput, filter);
  const details = [...(checked.ok ? [] : checked.details), ...unreadable(params)];
  if (details.length === 0) return { filter, refusal: null };
  return { filter, refusal: { message: 'Some fields need attention.', data: { code: 'VALIDATION_FAILED', details } } };
}
