import { z } from 'zod';
import { confirmTotpEnrolment, startTotpEnrolment } from '../../../../server/auth/totp-enrolment';
import { totpQrCode } from '../../../../server/auth/totp-qr-code';
import { enrollingOperatorProcedure, router } from '../../init';

/** Enrolling the operator's second factor, before any other procedure is allowed. */
export const operatorEnrolmentRouter = router({
  start: enrollingOperatorProcedure.input(z.object({}).strict()).output(z.object({ qrCode: z.string(), secret: z.string(), otpauthUrl: z.string() })).mutation(async ({ ctx }) => {
    const enrolment = await startTotpEnrolment(ctx.db, ctx.operatorId);
    return { ...enrolment, qrCode: await totpQrCode({ otpauthUrl: enrolment.otpauthUrl }) };
  }),
  confirm: enrollingOperatorProcedure
    .input(z.object({ code: z.string().trim().max(12) }).strict())
    .output(z.object({ enrolled: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      await confirmTotpEnrolment(ctx.db, { userId: ctx.operatorId, code: input.code });
      return { enrolled: true };
    }),
});
