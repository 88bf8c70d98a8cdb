import type { RestHandler } from './context';
import { createOrder, getOrder, listOrders } from './orders';
import { MAX_BODY_BYTES } from './read-request';
import {
  acceptTraderTask,
  listTraderPayinsRoute,
  listTraderTasks,
  releaseTraderPayin,
  reportTraderNotReceived,
  submitTraderProof,
} from './trader-tasks';
import { listWebhookDeliveries, resendWebhookDelivery, sendWebhookTest } from './webhooks';
import { createWithdrawal, decideWithdrawal, getWithdrawal, listWithdrawals } from './withdrawals';

export interface Route {
  method: 'GET' | 'POST';
  /** Path below /api/v1, `:name` segments become params. */
  path: string;
  handler: RestHandler;
  /** Largest body accepted; 64 KiB unless the route carries files. */
  maxBodyBytes?: number;
}

/** Three proof images of at most 5 MB each, plus the multipart framing. */
const PROOF_UPLOAD_BYTES = 3 * 5 * 1024 * 1024 + 64 * 1024;

/** The API's routes: the table of contents of /api/v1. */
export const routes: Route[] = [
  { method: 'POST', path: 'withdrawals', handler: createWithdrawal },
  { method: 'GET', path: 'withdrawals', handler: listWithdrawals },
  { method: 'GET', path: 'withdrawals/:orderNo', handler: getWithdrawal },
  { method: 'POST', path: 'withdrawals/:orderNo/decision', handler: decideWithdrawal },
  { method: 'POST', path: 'orders', handler: createOrder },
  { method: 'GET', path: 'orders', handler: listOrders },
  { method: 'GET', path: 'orders/:orderNo', handler: getOrder },
  { method: 'GET', path: 'webhooks/deliveries', handler: listWebhookDeliveries },
  { method: 'POST', path: 'webhooks/deliveries/:deliveryId/resend', handler: resendWebhookDelivery },
  { method: 'POST', path: 'webhooks/test', handler: sendWebhookTest },
  // The trader API, for bots (same signing scheme, trader API keys).
  { method: 'GET', path: 'trader/tasks', handler: listTraderTasks },
  { method: 'POST', path: 'trader/tasks/:orderId/accept', handler: acceptTraderTask },
  { method: 'POST', path: 'trader/tasks/:orderId/proof', handler: submitTraderProof, maxBodyBytes: PROOF_UPLOAD_BYTES },
  { method: 'GET', path: 'trader/payins', handler: listTraderPayinsRoute },
  { method: 'POST', path: 'trader/payins/:orderId/release', handler: releaseTraderPayin },
  { method: 'POST', path: 'trader/payins/:orderId/not-received', handler: reportTraderNotReceived },
];

export const bodyLimitOf = (route: Route) => route.maxBodyBytes ?? MAX_BODY_BYTES;

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
