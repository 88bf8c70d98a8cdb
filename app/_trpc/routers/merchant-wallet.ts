import { chainSettings } from '../../../server/chains/chain-settings';
import { chainDepositAddress } from '../../../server/deposits/chain-deposit-address';
import { listDeposits } from '../../../server/deposits/list-deposits';
import { depositAddressQuery, traderDepositsInput } from '../../../server/deposits/list-deposits.schema';
import { sendTestUsdt } from '../../../server/demo/send-test-usdt';
import { merchantProcedure, router } from '../init';

/**
 * The merchant console's Wallet page (docs/wallet.md): the merchant's deposit address per chain and
 * its deposits, the same functions as GET /api/v1/wallet/deposit-address and /wallet/deposits,
 * scoped to the session's merchant (never an id from the input). The address is made on first
 * request, so it is a mutation, as the trader's is.
 */
export const merchantWalletRouter = router({
  depositAddress: merchantProcedure('balance.read')
    .input(depositAddressQuery)
    .mutation(({ ctx, input }) => chainDepositAddress(ctx.db, { owner: { type: 'merchant', id: ctx.merchantId }, chainKey: input.chain, settings: chainSettings() })),
  deposits: merchantProcedure('balance.read')
    .input(traderDepositsInput)
    .query(({ ctx, input }) => listDeposits(ctx.db, { type: 'merchant', id: ctx.merchantId }, input)),
  // Demo only (docs/wallet.md, "The demo chain"): test USDT from the demo funder to the merchant's own address.
  sendTestUsdt: merchantProcedure('balance.read')
    .input(depositAddressQuery)
    .mutation(({ ctx, input }) => sendTestUsdt(ctx.db, { owner: { type: 'merchant', id: ctx.merchantId }, chainKey: input.chain, settings: chainSettings() })),
});
