import { z } from 'zod';
import { issueMerchantApiKey, issueMerchantApiKeyInput } from '../../../../server/api-keys/issue-merchant-api-key';
import { revokeApiKeyAudited, revokeApiKeyInput } from '../../../../server/api-keys/revoke-api-key-audited';
import { createMerchant } from '../../../../server/merchants/create-merchant';
import { listMerchants } from '../../../../server/merchants/list-merchants';
import { createMerchantOwner } from '../../../../server/merchant-team/create-merchant-owner';
import { createMerchantOwnerInput } from '../../../../server/merchant-team/merchant-team.schema';
import { createMerchantInput, merchantSettingsInput } from '../../../../server/merchants/merchant-settings.schema';
import { webhookUrl } from '../../../../server/webhooks/webhook-url';
import { updateMerchantSettings } from '../../../../server/merchants/update-merchant-settings';
import { checkoutLogoInput, logoBytesOf } from '../../../../server/merchants/checkout-logo.schema';
import { checkoutSettingsInput } from '../../../../server/merchants/checkout-settings.schema';
import { setCheckoutLogo } from '../../../../server/merchants/set-checkout-logo';
import { checkoutSettingsOf, updateCheckoutSettings } from '../../../../server/merchants/update-checkout-settings';
import { setWebhookEndpoint } from '../../../../server/webhooks/set-webhook-endpoint';
import { operatorProcedure, router } from '../../init';
import { actorOf } from './actor';
import { listMerchantsItem } from '../../../../server/merchants/list-merchants.schema';
import { createdMerchant } from '../../../../server/merchants/create-merchant.schema';
import { checkoutSettingsView } from '../../../../server/merchants/update-checkout-settings.schema';
import { setCheckoutLogoOutput } from '../../../../server/merchants/set-checkout-logo.schema';
import { setWebhookEndpointOutput } from '../../../../server/webhooks/set-webhook-endpoint.schema';
import { issueApiKeyOutput } from '../../../../server/api-keys/issue-api-key.schema';
import { issueInvitationOutput } from '../../../../server/merchant-team/issue-invitation.schema';

/** Merchants: settings, checkout, webhook endpoint, API keys and the first owner (docs/operator-guide.md). */
export const operatorMerchantsRouter = router({
  list: operatorProcedure.input(z.object({}).strict()).output(z.array(listMerchantsItem)).query(({ ctx }) => listMerchants(ctx.db)),
  create: operatorProcedure.input(createMerchantInput).output(createdMerchant).mutation(({ ctx, input }) => createMerchant(ctx.db, { ...input, actor: actorOf(ctx) })),
  update: operatorProcedure
    .input(z.object({ merchantId: z.uuid(), settings: merchantSettingsInput }).strict())
    .output(z.object({ merchantId: z.string(), status: z.enum(['active', 'suspended']) }))
    .mutation(async ({ ctx, input }) => {
      const merchant = await updateMerchantSettings(ctx.db, { merchantId: input.merchantId, ...input.settings, actor: actorOf(ctx) });
      return { merchantId: merchant.id, status: merchant.status };
    }),
  // The merchant's checkout (docs/operator-guide.md): the same fields and audit as the owner's page.
  checkout: operatorProcedure.input(z.object({ merchantId: z.uuid() }).strict()).output(checkoutSettingsView).query(({ ctx, input }) => checkoutSettingsOf(ctx.db, input.merchantId)),
  updateCheckout: operatorProcedure
    .input(z.object({ merchantId: z.uuid(), settings: checkoutSettingsInput }).strict())
    .output(checkoutSettingsView)
    .mutation(({ ctx, input }) => updateCheckoutSettings(ctx.db, { merchantId: input.merchantId, ...input.settings, actor: actorOf(ctx) })),
  setCheckoutLogo: operatorProcedure
    .input(checkoutLogoInput.extend({ merchantId: z.uuid() }))
    .output(setCheckoutLogoOutput)
    .mutation(({ ctx, input }) => setCheckoutLogo(ctx.db, { merchantId: input.merchantId, bytes: logoBytesOf(input.imageBase64), actor: actorOf(ctx) })),
  setWebhook: operatorProcedure
    .input(z.object({ merchantId: z.uuid(), url: webhookUrl.nullable() }).strict())
    .output(setWebhookEndpointOutput)
    .mutation(({ ctx, input }) => setWebhookEndpoint(ctx.db, { merchantId: input.merchantId, url: input.url, actor: actorOf(ctx) })),
  issueKey: operatorProcedure.input(issueMerchantApiKeyInput).output(issueApiKeyOutput).mutation(({ ctx, input }) => issueMerchantApiKey(ctx.db, { ...input, actor: actorOf(ctx) })),
  // The merchant's first owner: an invitation link shown once to the operator (docs/merchant-guide.md).
  createOwner: operatorProcedure.input(createMerchantOwnerInput).output(issueInvitationOutput).mutation(({ ctx, input }) => createMerchantOwner(ctx.db, { ...input, actor: actorOf(ctx) })),
  revokeKey: operatorProcedure.input(revokeApiKeyInput).output(z.object({ keyId: z.string(), revoked: z.boolean() })).mutation(async ({ ctx, input }) => {
    await revokeApiKeyAudited(ctx.db, input, actorOf(ctx));
    return { keyId: input.keyId, revoked: true };
  }),
});
