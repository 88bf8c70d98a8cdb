import { z } from 'zod';
import { merchantRoles } from './merchant-permissions';

export const changeMerchantRoleOutput = z.object({
  userId: z.string(),
  role: z.enum(merchantRoles),
  changed: z.boolean(),
});
