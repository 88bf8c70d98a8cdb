import { z } from 'zod';
import { createApiKeyInput } from '../../../server/api-keys/api-key.schema';
import { apiRequestPageInput } from '../../../server/api-request-log/api-request-log.schema';
import { listApiRequests } from '../../../server/api-request-log/list-api-requests';
import { issueMerchantApiKey } from '../../../server/api-keys/issue-merchant-api-key';
import { listMerchantApiKeys } from '../../../server/api-keys/list-merchant-api-keys';
import { revokeMerchantApiKey } from '../../../server/api-keys/revoke-merchant-api-key';
import type { AuditActorRef } from '../../../server/audit';
import { clientAddressOf } from '../../../server/http/client-address';
import { clearWebhookEndpoint } from '../../../server/webhooks/clear-webhook-endpoint';
import { getWebhookDelivery } from '../../../server/webhooks/get-webhook-delivery';
import { getWebhookEndpoint } from '../../../server/webhooks/get-webhook-endpoint';
import { resendDelivery } from '../../../server/webhooks/resend-delivery';
import { rotateWebhookSecret } from '../../../server/webhooks/rotate-webhook-secret';
import { sendTestEvent } from '../../../server/webhooks/send-test-event';
import { setWebhookEndpoint } from '../../../server/webhooks/set-webhook-endpoint';
import { rotateWebhookSecretInput } from '../../../server/webhooks/webhook-endpoint.schema';
import { listDeliveries } from '../../../server/webhooks/webhook-log';
import { merchantProcedure, router } from '../init';
import { deliveryIdInput, deliveryPageInput, keyIdInput, setEndpointInput } from './merchant-developers.schema';
import { listMerchantApiKeysOutput } from '../../../server/api-keys/list-merchant-api-keys.schema';
import { apiKeyCreatedResponse, apiKeyView } from '../../../server/api-keys/api-key.schema';
import { webhookEndpointSetResponse, webhookEndpointView } from '../../../server/webhooks/webhook-endpoint.schema';
import { rotateWebhookSecretOutput } from '../../../server/webhooks/rotate-webhook-secret.schema';
import { sendTestEventOutput } from '../../../server/webhooks/send-test-event.schema';
import { listDeliveriesOutput } from '../../../server/webhooks/webhook-log.schema';
import { deliveryView } from '../../../server/webhooks/delivery-view.schema';
import { resendDeliveryOutput } from '../../../server/webhooks/resend-delivery.schema';
import { listApiRequestsOutput } from '../../../server/api-request-log/list-api-requests.schema';

/**
 * The audit log's actor for the console: the merchant user (not a key), and their address, the way
 * server/merchant-team/merchant-actor.ts records a team change.
 */
function userActor(ctx: { merchantUserId: string; headers: Headers }): AuditActorRef {
  return { type: 'merchant', id: ctx.merchantUserId, ip: clientAddressOf(ctx.headers) };
}

const keys = merchantProcedure('keys.manage');
const webhooks = merchantProcedure('webhooks.manage');
const none = z.object({}).strict();

/**
 * The merchant console's Developers page (docs/merchant-guide.md, "Developers"): the same domain
 * functions as /api/v1/api-keys and /api/v1/webhooks, scoped to the session's merchant. A console
 * user grants only the scopes their role could use in the console (server/api-keys/grantable-scopes.ts),
 * whatever the form sent: the role is the database's as of this request.
 */
export const merchantDevelopersRouter = router({
  listKeys: keys.input(none).output(listMerchantApiKeysOutput).query(({ ctx }) => listMerchantApiKeys(ctx.db, { merchantId: ctx.merchantId })),
  createKey: keys.input(createApiKeyInput).output(apiKeyCreatedResponse).mutation(async ({ ctx, input }) => {
    const issued = await issueMerchantApiKey(ctx.db, { ...input, merchantId: ctx.merchantId, actor: userActor(ctx), context: { grantor: { kind: 'member', role: ctx.merchantRole } } });
    return { ...issued.view, secret: issued.secret };
  }),
  revokeKey: keys
    .input(keyIdInput)
    .output(apiKeyView)
    .mutation(({ ctx, input }) => revokeMerchantApiKey(ctx.db, { merchantId: ctx.merchantId, keyId: input.keyId, grantorScopes: null, now: new Date() }, userActor(ctx))),

  endpoint: webhooks.input(none).output(webhookEndpointView).query(({ ctx }) => getWebhookEndpoint({ db: ctx.db, merchantId: ctx.merchantId })),
  setEndpoint: webhooks.input(setEndpointInput).output(webhookEndpointSetResponse).mutation(async ({ ctx, input }) => {
    const { secret, endpoint } = await setWebhookEndpoint(ctx.db, { merchantId: ctx.merchantId, url: input.url, actor: userActor(ctx) });
    return { ...endpoint, secret };
  }),
  clearEndpoint: webhooks.input(none).output(webhookEndpointView).mutation(({ ctx }) => clearWebhookEndpoint({ db: ctx.db, merchantId: ctx.merchantId, actor: userActor(ctx) })),
  rotateSecret: webhooks
    .input(rotateWebhookSecretInput)
    .output(rotateWebhookSecretOutput)
    .mutation(({ ctx, input }) => rotateWebhookSecret({ db: ctx.db, merchantId: ctx.merchantId, actor: userActor(ctx), input })),
  sendTest: webhooks.input(none).output(sendTestEventOutput).mutation(({ ctx }) => sendTestEvent({ db: ctx.db, merchantId: ctx.merchantId, actor: userActor(ctx) })),
  deliveries: webhooks.input(deliveryPageInput).output(listDeliveriesOutput).query(({ ctx, input }) => listDeliveries(ctx.db, ctx.merchantId, input)),
  delivery: webhooks.input(deliveryIdInput).output(deliveryView).query(({ ctx, input }) => getWebhookDelivery({ db: ctx.db, merchantId: ctx.merchantId, deliveryId: input.deliveryId })),
  resend: webhooks
    .input(deliveryIdInput)
    .output(resendDeliveryOutput)
    .mutation(({ ctx, input }) => resendDelivery({ db: ctx.db, merchantId: ctx.merchantId, deliveryId: input.deliveryId, actor: userActor(ctx) })),

  /** The request log (docs/merchant-guide.md, "Request log"): the merchant's recent API calls. */
  requests: merchantProcedure('requests.read').input(apiRequestPageInput).output(listApiRequestsOutput).query(({ ctx, input }) => listApiRequests(ctx.db, ctx.merchantId, input)),
});
