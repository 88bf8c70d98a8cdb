import { acceptInvitation } from '../../../server/merchant-team/accept-invitation';
import { describeInvitation } from '../../../server/merchant-team/describe-invitation';
import { acceptInvitationInput, describeInvitationInput } from '../../../server/merchant-team/merchant-team.schema';
import { clientAddressOf } from '../../../server/http/client-address';
import { publicProcedure, router } from '../init';
import { z } from 'zod';
import { describeInvitationOutput } from '../../../server/merchant-team/describe-invitation.schema';
import { merchantRoles } from '../../../server/merchant-team/merchant-permissions';

/**
 * The invitation page: keyed by the link's one-time token, which is the whole grant (like the
 * checkout's token). No session is needed or used.
 */
export const merchantInvitationRouter = router({
  describe: publicProcedure.input(describeInvitationInput).output(describeInvitationOutput).query(({ ctx, input }) => describeInvitation(ctx.db, input)),
  accept: publicProcedure.input(acceptInvitationInput).output(z.object({ email: z.string(), role: z.enum(merchantRoles) })).mutation(async ({ ctx, input }) => {
    const accepted = await acceptInvitation(ctx.db, { ...input, ip: clientAddressOf(ctx.headers) });
    return { email: accepted.email, role: accepted.role };
  }),
});
