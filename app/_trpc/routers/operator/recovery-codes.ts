import { z } from 'zod';
import { countRecoveryCodes } from '../../../../server/auth/count-recovery-codes';
import { regenerateRecoveryCodes } from '../../../../server/auth/regenerate-recovery-codes';
import { clientAddressOf } from '../../../../server/http/client-address';
import { operatorProcedure, router } from '../../init';
import { countRecoveryCodesOutput } from '../../../../server/auth/count-recovery-codes.schema';
import { regenerateRecoveryCodesOutput } from '../../../../server/auth/regenerate-recovery-codes.schema';

/** One-time codes for signing in without the phone (docs/security.md, "Recovery codes"). */
export const operatorRecoveryCodesRouter = router({
  status: operatorProcedure.input(z.object({}).strict()).output(countRecoveryCodesOutput).query(({ ctx }) => countRecoveryCodes(ctx.db, { userId: ctx.operatorId })),
  regenerate: operatorProcedure
    .input(z.object({}).strict())
    .output(regenerateRecoveryCodesOutput)
    .mutation(({ ctx }) => regenerateRecoveryCodes(ctx.db, { userId: ctx.operatorId, ip: clientAddressOf(ctx.headers) })),
});
