import type { AuditActorRef } from '../../../server/audit';
import { clientAddressOf } from '../../../server/http/client-address';
import { checkoutLogoInput, logoBytesOf } from '../../../server/merchants/checkout-logo.schema';
import { checkoutSettingsInput } from '../../../server/merchants/checkout-settings.schema';
import { setCheckoutLogo } from '../../../server/merchants/set-checkout-logo';
import { checkoutSettingsOf, updateCheckoutSettings } from '../../../server/merchants/update-checkout-settings';
import { merchantProcedure, router } from '../init';
import { z } from 'zod';
import { checkoutSettingsView } from '../../../server/merchants/update-checkout-settings.schema';
import { setCheckoutLogoOutput } from '../../../server/merchants/set-checkout-logo.schema';

function userActor(ctx: { merchantUserId: string; headers: Headers }): AuditActorRef {
  return { type: 'merchant', id: ctx.merchantUserId, ip: clientAddressOf(ctx.headers) };
}

const owner = merchantProcedure('checkout.manage');

/** The merchant console's checkout settings page (docs/merchant-guide.md, "Checkout settings"). */
export const merchantCheckoutRouter = router({
  settings: owner.input(z.object({}).strict()).output(checkoutSettingsView).query(({ ctx }) => checkoutSettingsOf(ctx.db, ctx.merchantId)),
  update: owner.input(checkoutSettingsInput).output(checkoutSettingsView).mutation(({ ctx, input }) => updateCheckoutSettings(ctx.db, { merchantId: ctx.merchantId, ...input, actor: userActor(ctx) })),
  setLogo: owner.input(checkoutLogoInput).output(setCheckoutLogoOutput).mutation(({ ctx, input }) => setCheckoutLogo(ctx.db, { merchantId: ctx.merchantId, bytes: logoBytesOf(input.imageBase64), actor: userActor(ctx) })),
});
