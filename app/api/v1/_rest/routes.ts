import { createApiKey, listApiKeys, revokeApiKeyRoute } from './api-keys';
import { getBalance, listBalanceTransactions } from './balance';
import { getReportSigningKey, getSettlementReport, getSettlementReportPdf } from './reports';
import { getEvent, listEvents } from './events';
import { cancelOrder, createOrder, getOrder, listOrders } from './orders';
import { addPayoutEvidence, listPayoutEvidence } from './payout-evidence';
import { getPayoutProofImage, listPayoutProofsRoute } from './payout-proofs';
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
 * the OpenAPIHono app (app.ts) registers and validates each, and the OpenAPI document (openapi.ts) is
 * generated from them. A new route is one defineRoute in its file and one line here.
 */
export const routes: readonly Route[] = [
  getBalance,
  listBalanceTransactions,
  getSettlementReport,
  getSettlementReportPdf,
  getReportSigningKey,
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

/**
 * The methods a path answers to, for 405's Allow header when it was called with another one
 * (app.ts); none when no route has this path. `segments` are the path's below /api/v1, decoded.
 */
export function allowedMethodsAt(segments: string[]): string[] {
  return routes
    .filter((route) => {
      const pattern = route.path.split('/');
      return pattern.length === segments.length && pattern.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]));
    })
    .map((route) => route.method);
}
