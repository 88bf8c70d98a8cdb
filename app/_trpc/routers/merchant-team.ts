import { z } from 'zod';
import { changeMerchantRole } from '../../../server/merchant-team/change-merchant-role';
import { inviteMerchantUser } from '../../../server/merchant-team/invite-merchant-user';
import { listMerchantTeam } from '../../../server/merchant-team/list-merchant-team';
import type { MerchantActor } from '../../../server/merchant-team/merchant-actor';
import { changeMerchantRoleInput, inviteMerchantUserInput, removeMerchantUserInput, revokeInvitationInput } from '../../../server/merchant-team/merchant-team.schema';
import { removeMerchantUser } from '../../../server/merchant-team/remove-merchant-user';
import { revokeInvitation } from '../../../server/merchant-team/revoke-invitation';
import { clientAddressOf } from '../../../server/http/client-address';
import { merchantProcedure, router } from '../init';
import { listMerchantTeamOutput } from '../../../server/merchant-team/list-merchant-team.schema';
import { issuedInvitation } from '../../../server/merchant-team/issue-invitation.schema';
import { revokeInvitationOutput } from '../../../server/merchant-team/revoke-invitation.schema';
import { changeMerchantRoleOutput } from '../../../server/merchant-team/change-merchant-role.schema';
import { removeMerchantUserOutput } from '../../../server/merchant-team/remove-merchant-user.schema';

/** The signed-in merchant user, acting on their own merchant's team, and the address they act from. */
function actorOf(ctx: { merchantId: string; merchantUserId: string; headers: Headers }): MerchantActor {
  return { merchantId: ctx.merchantId, userId: ctx.merchantUserId, ip: clientAddressOf(ctx.headers) };
}

/** The merchant console's team page (docs/merchant-guide.md, "The team page"). */
export const merchantTeamRouter = router({
  list: merchantProcedure('team.read')
    .input(z.object({}).strict())
    .output(listMerchantTeamOutput)
    .query(({ ctx }) => listMerchantTeam(ctx.db, { merchantId: ctx.merchantId })),
  invite: merchantProcedure('team.manage').input(inviteMerchantUserInput).output(issuedInvitation).mutation(({ ctx, input }) => inviteMerchantUser(ctx.db, { ...input, actor: actorOf(ctx) })),
  revokeInvitation: merchantProcedure('team.manage').input(revokeInvitationInput).output(revokeInvitationOutput).mutation(({ ctx, input }) => revokeInvitation(ctx.db, { ...input, actor: actorOf(ctx) })),
  changeRole: merchantProcedure('team.manage').input(changeMerchantRoleInput).output(changeMerchantRoleOutput).mutation(({ ctx, input }) => changeMerchantRole(ctx.db, input, actorOf(ctx))),
  remove: merchantProcedure('team.manage').input(removeMerchantUserInput).output(removeMerchantUserOutput).mutation(({ ctx, input }) => removeMerchantUser(ctx.db, input, actorOf(ctx))),
});
