import { consoleListPayinsInput, consoleListPayoutsInput } from '../../../../server/merchant-console/merchant-orders.schema';
import type { Refusal } from '../../../_trpc/refusal-of';

export type OrderSearchParams = Record<string, string | string[] | undefined>;
export type OrdersFlow = 'payouts' | 'payins';

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;

/** The filter as the URL holds it, as text: what the form shows back, valid or not. */
export function filterOf(params: OrderSearchParams) {
  const status = one(params.status);
  const page = Number(one(params.page) ?? '1');
  return {
    search: one(params.search),
    status: status ? [status] : undefined,
    from: one(params.from),
    to: one(params.to),
    sort: one(params.sort) === 'oldest' ? ('oldest' as const) : ('newest' as const),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export type OrderFilter = ReturnType<typeof filterOf>;

/**
 * The orders page's query string checked on the server by the procedure's own schema before any
 * call: a malformed date, an unknown status or an over-long search is a refusal the page says
 * inline (VALIDATION_FAILED, each field named), never a 500 (docs/merchant-guide.md, "The orders pages").
 */
export function parseOrderQuery(flow: OrdersFlow, params: OrderSearchParams): { filter: OrderFilter; refusal: Refusal | null } {
  const filter = filterOf(params);
  const parsed = (flow === 'payouts' ? consoleListPayoutsInput : consoleListPayinsInput).safeParse(filter);
  if (parsed.success) return { filter, refusal: null };
  const details = parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  return { filter, refusal: { message: 'Some fields need attention.', data: { code: 'VALIDATION_FAILED', details } } };
}
