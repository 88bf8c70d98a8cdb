import { z } from 'zod';

export const revokeInvitationOutput = z.object({
  invitationId: z.string(),
  revoked: z.boolean(),
});
