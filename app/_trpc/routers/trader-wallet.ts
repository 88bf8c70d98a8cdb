import { z } from 'zod';
import type { AuditActorRef } from '../../../server/audit';
import { chainSettings } from '../../../server/chains/chain-settings';
import { clientAddressOf } from '../../../server/http/client-address';
import { addWithdrawalAddress } from '../../../server/withdrawals/address-book/add-withdrawal-address';
import { listWithdrawalAddresses } from '../../../server/withdrawals/address-book/list-withdrawal-addresses';
import { removeWithdrawalAddress } from '../../../server/withdrawals/address-book/remove-withdrawal-address';
import { addWithdrawalAddressInput, withdrawalAddressIdInput } from '../../../server/withdrawals/address-book/withdrawal-address.schema';
import { findWithdrawal, listWithdrawals } from '../../../server/withdrawals/list-withdrawals';
import { requestWithdrawal } from '../../../server/withdrawals/request-withdrawal';
import { withdrawalChains } from '../../../server/withdrawals/withdrawal-chains';
import { requestWithdrawalInput, withdrawalIdInput, withdrawalPageInput } from '../../../server/withdrawals/withdrawal.schema';
import { ownerStatementOf } from '../../../server/reports/owner-statement';
import { ownerStatement, statementPeriodInput } from '../../../server/reports/owner-statement.schema';
import { router, traderProcedure } from '../init';
import { withdrawalChainsOutput } from '../../../server/withdrawals/withdrawal-chains.schema';
import { listWithdrawalAddressesOutput } from '../../../server/withdrawals/address-book/list-withdrawal-addresses.schema';
import { withdrawalAddressResponse } from '../../../server/withdrawals/address-book/withdrawal-address.schema';
import { removeWithdrawalAddressOutput } from '../../../server/withdrawals/address-book/remove-withdrawal-address.schema';
import { listWithdrawalsOutput } from '../../../server/withdrawals/list-withdrawals.schema';
import { withdrawalResponse } from '../../../server/withdrawals/withdrawal.schema';

function traderActor(ctx: { user: { id: string }; headers: Headers }): AuditActorRef {
  return { type: 'trader', id: ctx.user.id, ip: clientAddressOf(ctx.headers) };
}

const none = z.object({}).strict();

/**
 * The trader dashboard's USDT withdrawals (docs/trader-guide.md, "Withdrawals"), scoped to the
 * session's trader. Adding an address asks for a fresh code when the trader has a second factor.
 */
export const traderWalletRouter = router({
  chains: traderProcedure.input(none).output(withdrawalChainsOutput).query(({ ctx }) => withdrawalChains(ctx.db, chainSettings())),
  addresses: traderProcedure.input(none).output(listWithdrawalAddressesOutput).query(({ ctx }) => listWithdrawalAddresses(ctx.db, { type: 'trader', id: ctx.traderId })),
  addAddress: traderProcedure.input(addWithdrawalAddressInput).output(withdrawalAddressResponse).mutation(({ ctx, input }) =>
    addWithdrawalAddress(ctx.db, { owner: { type: 'trader', id: ctx.traderId }, userId: ctx.user.id, totpRequired: false, input, chains: chainSettings(), actor: traderActor(ctx) }),
  ),
  removeAddress: traderProcedure
    .input(withdrawalAddressIdInput)
    .output(removeWithdrawalAddressOutput)
    .mutation(({ ctx, input }) => removeWithdrawalAddress(ctx.db, { owner: { type: 'trader', id: ctx.traderId }, addressId: input.addressId, actor: traderActor(ctx) })),
  /** The trader's statement for a period: opening, credits and debits per category, closing (docs/ledger.md, "Statements"). */
  statement: traderProcedure.input(statementPeriodInput).output(ownerStatement).output(ownerStatement).query(({ ctx, input }) => ownerStatementOf(ctx.db, { owner: { type: 'trader', id: ctx.traderId }, period: input })),
  withdrawals: traderProcedure.input(withdrawalPageInput).output(listWithdrawalsOutput).query(({ ctx, input }) => listWithdrawals(ctx.db, { type: 'trader', id: ctx.traderId }, input)),
  withdrawal: traderProcedure.input(withdrawalIdInput).output(withdrawalResponse).query(({ ctx, input }) => findWithdrawal(ctx.db, { type: 'trader', id: ctx.traderId }, input.withdrawalId)),
  request: traderProcedure
    .input(requestWithdrawalInput)
    .output(withdrawalResponse)
    .mutation(({ ctx, input }) => requestWithdrawal(ctx.db, { owner: { type: 'trader', id: ctx.traderId }, input, chains: chainSettings(), now: new Date() })),
});
