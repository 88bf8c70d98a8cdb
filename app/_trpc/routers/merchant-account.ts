import { z } from 'zod';
import { confirmTotpEnrolment, startTotpEnrolment } from '../../../server/auth/totp-enrolment';
import { totpQrCode } from '../../../server/auth/totp-qr-code';
import { enrollingMerchantProcedure, router } from '../init';

/** A merchant user's own account: the second-factor enrolment, the same as operators'. */
export const merchantAccountRouter = router({
  enrolment: router({
    start: enrollingMerchantProcedure.input(z.object({}).strict()).output(z.object({ qrCode: z.string(), secret: z.string(), otpauthUrl: z.string() })).mutation(async ({ ctx }) => {
      const enrolment = await startTotpEnrolment(ctx.db, ctx.merchantUserId);
      return { ...enrolment, qrCode: await totpQrCode({ otpauthUrl: enrolment.otpauthUrl }) };
    }),
    confirm: enrollingMerchantProcedure
      .input(z.object({ code: z.string().trim().max(12) }).strict())
      .output(z.object({ enrolled: z.boolean() }))
      .mutation(async ({ ctx, input }) => {
        await confirmTotpEnrolment(ctx.db, { userId: ctx.merchantUserId, code: input.code });
        return { enrolled: true };
      }),
  }),
});
