import type { MerchantRole } from '../../db/schema';

/**
 * What each merchant role may do in the merchant console (docs/merchant-guide.md, "Roles"). The
 * one table that the console's pages (nav, forms) and the tRPC procedures both consult, so a page
 * never offers what its procedure would refuse.
 */
export const merchantPermissions = [
  /** See the team and pending invitations (every role: people know who they work with). */
  'team.read',
  /** Invite, revoke invitations, change roles, remove users. */
  'team.manage',
  'orders.read',
  /** Confirm, dispute or cancel an order and add dispute evidence: they move money or stop it. */
  'orders.decide',
  'balance.read',
  'statements.read',
  'exports.create',
  'keys.manage',
  'webhooks.manage',
  /** The request log of the merchant's API calls (route, status, latency; never bodies). */
  'requests.read',
  /** The merchant's audit log: who changed keys, webhooks and the team, who cancelled orders. */
  'audit.read',
  /** The checkout's display name, accent colour, logo and payer-name question (buyers see them). */
  'checkout.manage',
  /** The withdrawal address book and USDT withdrawals: money leaving the platform. */
  'wallet.withdraw',
  /** The merchant's own risk rules (docs/risk.md): they refuse or hold its orders. */
  'risk.manage',
] as const;
export type MerchantPermission = (typeof merchantPermissions)[number];

export const merchantRoles = ['owner', 'developer', 'finance', 'support'] as const satisfies readonly MerchantRole[];

const grants: Record<MerchantRole, readonly MerchantPermission[]> = {
  owner: merchantPermissions,
  developer: ['team.read', 'keys.manage', 'webhooks.manage', 'requests.read'],
  // Finance reads orders so that it can choose the set it exports; it never decides on them.
  finance: ['team.read', 'orders.read', 'balance.read', 'statements.read', 'exports.create'],
  support: ['team.read', 'orders.read'],
};

/** The permissions of a role, in the table's order. */
export function permissionsOf(role: MerchantRole): readonly MerchantPermission[] {
  return grants[role];
}

export function hasMerchantPermission(role: MerchantRole, permission: MerchantPermission): boolean {
  return grants[role].includes(permission);
}

/**
 * Roles that hold the merchant's API keys and money settings must sign in with a second factor
 * (docs/security.md, "Merchant users"); until they enrol, only the enrolment page opens.
 */
export function totpRequiredFor(role: MerchantRole): boolean {
  return role === 'owner' || role === 'developer';
}
