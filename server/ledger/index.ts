export { accountIds, PLATFORM_FEE_STRIPES } from './account-ids';
export { openMerchantAccounts } from './open-accounts';
export { postTransfer } from './post-transfer';
export { move } from './move';
export { balanceOf, platformFeeBalance } from './balances';
export { checkLedgerInvariants } from './check-invariants';
