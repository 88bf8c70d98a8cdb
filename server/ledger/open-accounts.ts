import { ledgerAccounts } from '../../db/schema';
import type { Executor } from '../../db/client';
import { accountIds } from './account-ids';

/** Creates a merchant's accounts (available, frozen, withdrawal pending); safe to call again. */
export async function openMerchantAccounts(db: Executor, merchantId: string): Promise<void> {
  await db
    .insert(ledgerAccounts)
    .values([
      { id: accountIds.merchantAvailable(merchantId), ownerType: 'merchant', ownerId: merchantId, kind: 'available' },
      { id: accountIds.merchantFrozen(merchantId), ownerType: 'merchant', ownerId: merchantId, kind: 'frozen' },
      { id: accountIds.withdrawalPending({ type: 'merchant', id: merchantId }), ownerType: 'merchant', ownerId: merchantId, kind: 'withdrawal_pending' },
    ])
    .onConflictDoNothing();
}

/**
 * Creates a trader's accounts: available; frozen (held back, e.g. by an operator); escrow (USDT
 * reserved for the buyer of a matched pay-in); bond (the security deposit); withdrawal pending. Safe to call again.
 */
export async function openTraderAccounts(db: Executor, traderId: string): Promise<void> {
  await db
    .insert(ledgerAccounts)
    .values([
      { id: accountIds.traderAvailable(traderId), ownerType: 'trader', ownerId: traderId, kind: 'available' },
      { id: accountIds.traderFrozen(traderId), ownerType: 'trader', ownerId: traderId, kind: 'frozen' },
      { id: accountIds.traderEscrow(traderId), ownerType: 'trader', ownerId: traderId, kind: 'escrow' },
      { id: accountIds.traderBond(traderId), ownerType: 'trader', ownerId: traderId, kind: 'bond' },
      { id: accountIds.withdrawalPending({ type: 'trader', id: traderId }), ownerType: 'trader', ownerId: traderId, kind: 'withdrawal_pending' },
    ])
    .onConflictDoNothing();
}
