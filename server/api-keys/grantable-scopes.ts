import type { MerchantRole } from '../../db/schema';
import { hasMerchantPermission, type MerchantPermission } from '../merchant-team/merchant-permissions';
import { API_KEY_SCOPES, type ApiKeyScope } from './scopes';

/**
 * The console permission that does, for a person, what each scope lets a key do
 * (docs/merchant-guide.md, "Roles"). A key is a person's reach handed to a program, so a person
 * may put a scope on a key only when their role could do the same in the console: otherwise a
 * key would be a side door around the role table (a developer minting `payouts:write` to confirm
 * payouts, which only owners decide).
 */
const consolePermissionOf: Record<ApiKeyScope, MerchantPermission> = {
  'payouts:read': 'orders.read',
  // The console creates no payouts, but confirming, disputing and cancelling them is orders.decide:
  // all of them move money or stop it.
  'payouts:write': 'orders.decide',
  'payins:read': 'orders.read',
  'payins:write': 'orders.decide',
  'balance:read': 'balance.read',
  // An event is an order's change, with its amounts and states: what the order pages show.
  'events:read': 'orders.read',
  // Deposits move the balance in: whoever may read the balance may see them and the address.
  'deposits:read': 'balance.read',
  'wallet:withdraw': 'wallet.withdraw',
  'webhooks:manage': 'webhooks.manage',
  'keys:manage': 'keys.manage',
};

/** The scopes a merchant user of this role may put on a key they create, in the scopes' order. */
export function grantableScopes(role: MerchantRole): readonly ApiKeyScope[] {
  return API_KEY_SCOPES.filter((scope) => hasMerchantPermission(role, consolePermissionOf[scope]));
}
