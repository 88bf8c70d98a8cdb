import { z } from 'zod';
import { merchantRoles } from './merchant-permissions';

export const issuedInvitation = z.object({
  invitationId: z.string(),
  email: z.string(),
  role: z.enum(merchantRoles),
  link: z.string(),
  expiresAt: z.string(),
  replaced: z.array(z.string()),
});

/** The first owner's invitation as the operator console shows it, with the merchant it is for. */
export const issueInvitationOutput = issuedInvitation.extend({
  merchantId: z.string(),
  merchantName: z.string(),
});
