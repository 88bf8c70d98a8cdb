import { createApiKey, listApiKeys, revokeApiKeyRoute } from './api-keys';
import { getBalance, listBalanceTransactions } from './balance';
import { getEvent, listEvents } from './events';
import { cancelOrder, createOrder, getOrder, listOrders } from './orders';
import { addPayoutEvidence, listPayoutEvidence } from './payout-evidence';
import { getPayoutProofImage, listPayoutProofsRoute } from './payout-proofs';
import { MAX_BODY_BYTES } from './read-request';
import type { Route } from './route-definition';
import {
  acceptTraderTask,
  listTraderPayinsRoute,
  listTraderTasks,
  releaseTraderPayin,
  reportTraderNotReceived,
  submitTraderProof,
} from './trader-tasks';
import { postTraderHeartbeat, postTraderNotification } from './trader-notifications';
import {
  clearWebhookEndpointRoute,
  getWebhookDeliveryRoute,
  getWebhookEndpointRoute,
  listWebhookDeliveries,
  resendWebhookDelivery,
  rotateWebhookSecretRoute,
  sendWebhookTest,
  setWebhookEndpointRoute,
} from './webhooks';
import { cancelWithdrawal, createWithdrawal, decideWithdrawal, getWithdrawal, listWithdrawals } from './withdrawals';
import { withdrawPayoutDisputeRoute } from './payout-dispute';
import { getDepositAddress, listDepositsRoute } from './wallet';
import {
  getWalletWithdrawalRoute,
  listWalletWithdrawalsRoute,
  listWithdrawalAddressesRoute,
  listWithdrawalChainsRoute,
  requestWithdrawalRoute,
} from './wallet-withdrawals';

export type { Route } from './route-definition';

/**
 * The API's routes: the table of contents of /api/v1, and its one description. Each route declares
 * its method, path, key kind, scopes, input and response schemas and error codes (route-definition.ts);
 * the adapter validates from it and the OpenAPI document (openapi.ts) is generated from it.
 */
export const routes: readonly Route[] = [
  getBalance,
  listBalanceTransactions,
  getDepositAddress,
  listDepositsRoute,
  listWithdrawalChainsRoute,
  listWithdrawalAddressesRoute,
  requestWithdrawalRoute,
  listWalletWithdrawalsRoute,
  getWalletWithdrawalRoute,
  createWithdrawal,
  listWithdrawals,
  getWithdrawal,
  decideWithdrawal,
  cancelWithdrawal,
  listPayoutProofsRoute,
  getPayoutProofImage,
  addPayoutEvidence,
  listPayoutEvidence,
  withdrawPayoutDisputeRoute,
  createOrder,
  listOrders,
  getOrder,
  cancelOrder,
  getWebhookEndpointRoute,
  setWebhookEndpointRoute,
  clearWebhookEndpointRoute,
  rotateWebhookSecretRoute,
  listWebhookDeliveries,
  getWebhookDeliveryRoute,
  resendWebhookDelivery,
  sendWebhookTest,
  listEvents,
  getEvent,
  listApiKeys,
  createApiKey,
  revokeApiKeyRoute,
  // The trader API, for bots (same signing scheme, trader API keys).
  listTraderTasks,
  acceptTraderTask,
  submitTraderProof,
  listTraderPayinsRoute,
  releaseTraderPayin,
  reportTraderNotReceived,
  postTraderNotification,
  postTraderHeartbeat,
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
