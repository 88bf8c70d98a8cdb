import type { DepositOwnerType } from '../../db/schema';

/** Whose USDT a withdrawal or book address is: a merchant's or a trader's (the deposits' owners). */
export interface WithdrawalOwner {
  type: DepositOwnerType;
  id: string;
}
