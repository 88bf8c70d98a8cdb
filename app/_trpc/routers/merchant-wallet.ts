import { z } from 'zod';
import type { AuditActorRef } from '../../../server/audit';
import { chainSettings } from '../../../server/chains/chain-settings';
import { sendTestUsdt } from '../../../server/demo/send-test-usdt';
import { chainDepositAddress } from '../../../server/deposits/chain-deposit-address';
import { listDeposits } from '../../../server/deposits/list-deposits';
import { depositAddressQuery, traderDepositsInput } from '../../../server/deposits/list-deposits.schema';
import { clientAddressOf } from '../../../server/http/client-address';
import { addWithdrawalAddress } from '../../../server/withdrawals/address-book/add-withdrawal-address';
import { listWithdrawalAddresses } from '../../../server/withdrawals/address-book/list-withdrawal-addresses';
import { removeWithdrawalAddress } from '../../../server/withdrawals/address-book/remove-withdrawal-address';
import { addWithdrawalAddressInput, withdrawalAddressIdInput } from '../../../server/withdrawals/address-book/withdrawal-address.schema';
import { findWithdrawal, listWithdrawals } from '../../../server/withdrawals/list-withdrawals';
import { requestWithdrawal } from '../../../server/withdrawals/request-withdrawal';
import { withdrawalChains } from '../../../server/withdrawals/withdrawal-chains';
import { requestWithdrawalInput, withdrawalIdInput, withdrawalPageInput } from '../../../server/withdrawals/withdrawal.schema';
import { merchantProcedure, router } from '../init';
import { withdrawalChainsOutput } from '../../../server/withdrawals/withdrawal-chains.schema';
import { listWithdrawalAddressesOutput } from '../../../server/withdrawals/address-book/list-withdrawal-addresses.schema';
import { withdrawalAddressResponse } from '../../../server/withdrawals/address-book/withdrawal-address.schema';
import { removeWithdrawalAddressOutput } from '../../../server/withdrawals/address-book/remove-withdrawal-address.schema';
import { listWithdrawalsOutput } from '../../../server/withdrawals/list-withdrawals.schema';
import { withdrawalResponse } from '../../../server/withdrawals/withdrawal.schema';
import { chainDepositAddressOutput } from '../../../server/deposits/chain-deposit-address.schema';
import { listDepositsOutput } from '../../../server/deposits/list-deposits-output.schema';
import { sendTestUsdtOutput } from '../../../server/demo/send-test-usdt.schema';

function userActor(ctx: { merchantUserId: string; headers: Headers }): AuditActorRef {
  return { type: 'merchant', id: ctx.merchantUserId, ip: clientAddressOf(ctx.headers) };
}

// Money leaving the platform: owners only (signed in with a second factor), and adding an address
// asks for a fresh code as well. Whoever reads the balance may see the withdrawals.
const withdraw = merchantProcedure('wallet.withdraw');
const read = merchantProcedure('balance.read');
const none = z.object({}).strict();

/**
 * The merchant console's Wallet (docs/wallet.md): the deposit address per chain and its deposits,
 * the same functions as GET /api/v1/wallet/deposit-address and /wallet/deposits, and USDT
 * withdrawals (docs/merchant-guide.md, "Withdrawals"); all scoped to the session's merchant, never
 * an id from the input. The deposit address is made on first request, so it is a mutation.
 */
export const merchantWalletRouter = router({
  chains: read.input(none).output(withdrawalChainsOutput).query(({ ctx }) => withdrawalChains(ctx.db, chainSettings())),
  addresses: read.input(none).output(listWithdrawalAddressesOutput).query(({ ctx }) => listWithdrawalAddresses(ctx.db, { type: 'merchant', id: ctx.merchantId })),
  addAddress: withdraw.input(addWithdrawalAddressInput).output(withdrawalAddressResponse).mutation(({ ctx, input }) =>
    addWithdrawalAddress(ctx.db, { owner: { type: 'merchant', id: ctx.merchantId }, userId: ctx.merchantUserId, totpRequired: true, input, chains: chainSettings(), actor: userActor(ctx) }),
  ),
  removeAddress: withdraw
    .input(withdrawalAddressIdInput)
    .output(removeWithdrawalAddressOutput)
    .mutation(({ ctx, input }) => removeWithdrawalAddress(ctx.db, { owner: { type: 'merchant', id: ctx.merchantId }, addressId: input.addressId, actor: userActor(ctx) })),
  withdrawals: read.input(withdrawalPageInput).output(listWithdrawalsOutput).query(({ ctx, input }) => listWithdrawals(ctx.db, { type: 'merchant', id: ctx.merchantId }, input)),
  withdrawal: read.input(withdrawalIdInput).output(withdrawalResponse).query(({ ctx, input }) => findWithdrawal(ctx.db, { type: 'merchant', id: ctx.merchantId }, input.withdrawalId)),
  request: withdraw
    .input(requestWithdrawalInput)
    .output(withdrawalResponse)
    .mutation(({ ctx, input }) => requestWithdrawal(ctx.db, { owner: { type: 'merchant', id: ctx.merchantId }, input, chains: chainSettings(), now: new Date() })),
  depositAddress: read
    .input(depositAddressQuery)
    .output(chainDepositAddressOutput)
    .mutation(({ ctx, input }) => chainDepositAddress(ctx.db, { owner: { type: 'merchant', id: ctx.merchantId }, chainKey: input.chain, settings: chainSettings() })),
  deposits: read
    .input(traderDepositsInput)
    .output(listDepositsOutput)
    .query(({ ctx, input }) => listDeposits(ctx.db, { type: 'merchant', id: ctx.merchantId }, input)),
  // Demo only (docs/wallet.md, "The demo chain"): test USDT from the demo funder to the merchant's own address.
  sendTestUsdt: read
    .input(depositAddressQuery)
    .output(sendTestUsdtOutput)
    .mutation(({ ctx, input }) => sendTestUsdt(ctx.db, { owner: { type: 'merchant', id: ctx.merchantId }, chainKey: input.chain, settings: chainSettings() })),
});
