/**
 * Ledger account ids are derived from their owner, so value can be moved without looking accounts
 * up first. Every account holds USDT at 6 decimals.
 */
export const accountIds = {
  merchantAvailable: (merchantId: string) => `merchant:${merchantId}:available`,
  merchantFrozen: (merchantId: string) => `merchant:${merchantId}:frozen`,
  traderAvailable: (traderId: string) => `trader:${traderId}:available`,
  traderFrozen: (traderId: string) => `trader:${traderId}:frozen`,
  traderEscrow: (traderId: string) => `trader:${traderId}:escrow`,
  /** Fees the platform has earned. */
  platformFees: 'platform:fees',
  /** The world outside the ledger: counterparty of deposits and withdrawals; may go negative. */
  external: 'external:usdt',
} as const;
