export { accountIds, PLATFORM_FEE_STRIPES } from './account-ids';
export { openMerchantAccounts, openTraderAccounts } from './open-accounts';
export { postTransfer, type Posting, type TransferRequest, type TransferResult } from './post-transfer';
export { move, type MoveRequest } from './move';
export { balanceOf, balancesOf, platformFeeBalance, type Balances } from './balances';
export { checkLedgerInvariants, type InvariantReport } from './check-invariants';
