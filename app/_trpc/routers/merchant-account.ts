import { z } from 'zod';
import { confirmTotpEnrolment, startTotpEnrolment } from '../../../server/auth/totp-enrolment';
import { enrollingMerchantProcedure, router } from '../init';

/** A merchant user's own account: the second-factor enrolment, the same as operators'. */
export const merchantAccountRouter = router({
  enrolment: router({
    start: enrollingMerchantProcedure.input(z.object({}).strict()).mutation(({ ctx }) => startTotpEnrolment(ctx.db, ctx.merchantUserId)),
    confirm: enrollingMerchantProcedure
      .input(z.object({ code: z.string().trim().max(12) }).strict())
      .mutation(async ({ ctx, input }) => {
        await confirmTotpEnrolment(ctx.db, ctx.merchantUserId, input.code);
        return { enrolled: true };
      }),
  }),
});
