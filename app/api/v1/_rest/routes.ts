import type { RestHandler } from './context';
import { createWithdrawal, decideWithdrawal, getWithdrawal, listWithdrawals } from './withdrawals';

export interface Route {
  method: 'GET' | 'POST';
  /** Path below /api/v1, `:name` segments become params. */
  path: string;
  handler: RestHandler;
}

/** The merchant API's routes: the table of contents of /api/v1. */
export const routes: Route[] = [
  { method: 'POST', path: 'withdrawals', handler: createWithdrawal },
  { method: 'GET', path: 'withdrawals', handler: listWithdrawals },
  { method: 'GET', path: 'withdrawals/:orderNo', handler: getWithdrawal },
  { method: 'POST', path: 'withdrawals/:orderNo/decision', handler: decideWithdrawal },
];

export interface RouteMatch {
  route: Route | undefined;
  params: Record<string, string>;
  /** Methods the path answers to, for 405's Allow header. */
  allowed: string[];
}

export function matchRoute(method: string, segments: string[]): RouteMatch {
  const allowed: string[] = [];
  for (const route of routes) {
    const pattern = route.path.split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const fits = pattern.every((part, i) => {
      if (part.startsWith(':')) {
        params[part.slice(1)] = segments[i]!;
        return segments[i] !== '';
      }
      return part === segments[i];
    });
    if (!fits) continue;
    if (route.method === method) return { route, params, allowed: [route.method] };
    allowed.push(route.method);
  }
  return { route: undefined, params: {}, allowed };
}
