import { z } from 'zod';
import { merchantRoles } from './merchant-permissions';

export const describeInvitationOutput = z.object({
  merchantName: z.string(),
  email: z.string(),
  role: z.enum(merchantRoles),
  expiresAt: z.string(),
});
