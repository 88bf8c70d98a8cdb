import { z } from 'zod';
import { signOutEverywhere } from '../../../server/auth/sign-out-everywhere';
import { clientAddressOf } from '../../../server/http/client-address';
import { accountProcedure, router } from '../init';

/** The signed-in user's own account, whatever their role. */
export const accountRouter = router({
  /** Ends every session of the user, this one included; the page then sends them to sign in. */
  signOutEverywhere: accountProcedure.input(z.object({}).strict()).output(z.object({ signedOut: z.boolean() })).mutation(async ({ ctx }) => {
    await signOutEverywhere(ctx.db, ctx.user, clientAddressOf(ctx.headers));
    return { signedOut: true };
  }),
});
