import { z } from 'zod';
import { merchantRoles } from './merchant-permissions';

export const listMerchantTeamOutput = z.object({
  users: z.array(z.object({
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(merchantRoles),
    status: z.enum(['active', 'removed']),
    totpEnabled: z.boolean(),
    joinedAt: z.string(),
  })),
  invitations: z.array(z.object({
    invitationId: z.string(),
    email: z.string(),
    role: z.enum(merchantRoles),
    invitedBy: z.string().nullable(),
    createdAt: z.string(),
    expiresAt: z.string(),
  })),
});
