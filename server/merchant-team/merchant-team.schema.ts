import { z } from 'zod';
import { password } from '../auth/password-input';
import { displayName, email } from '../users/user.schema';
import { merchantRoles } from './merchant-permissions';

const merchantRole = z.enum(merchantRoles);

/** The one-time token of an invitation link: base64url, 43 characters for 32 random bytes. */
const invitationToken = z.string().trim().min(16).max(200);

export const createMerchantOwnerInput = z.object({ merchantId: z.uuid(), email }).strict();
export type CreateMerchantOwnerInput = z.input<typeof createMerchantOwnerInput>;

export const inviteMerchantUserInput = z.object({ email, role: merchantRole }).strict();
export type InviteMerchantUserInput = z.input<typeof inviteMerchantUserInput>;

export const acceptInvitationInput = z.object({ token: invitationToken, displayName, password }).strict();
export type AcceptInvitationInput = z.input<typeof acceptInvitationInput>;

export const describeInvitationInput = z.object({ token: invitationToken }).strict();
export type DescribeInvitationInput = z.input<typeof describeInvitationInput>;

export const changeMerchantRoleInput = z.object({ userId: z.uuid(), role: merchantRole }).strict();
export type ChangeMerchantRoleInput = z.input<typeof changeMerchantRoleInput>;

export const removeMerchantUserInput = z.object({ userId: z.uuid() }).strict();
export type RemoveMerchantUserInput = z.input<typeof removeMerchantUserInput>;

export const revokeInvitationInput = z.object({ invitationId: z.uuid() }).strict();
export type RevokeInvitationInput = z.input<typeof revokeInvitationInput>;
