import { fromLedgerAmount } from '../../chains/token-amount';
import type { SweepSource } from '../sweeps/plan-sweeps';
import type { DepositAccounts } from '../deposit-accounts';
import type { EvmSignerChain } from './evm-signer-chain';
import { transferCalldata } from './evm-send-node';
import { gasLimitFor } from './gas-limit';
import type { Fees } from './sign-queued-send';

/**
 * An EVM chain as the sweep planner sees it (docs/wallet.md, "Sweeps"): the top-up is the
 * transfer's gas limit (the node's estimate plus a quarter) × today's max fee, less the address's
 * ETH (or BNB...), in wei.
 */
export function evmSweepSource(ctx: EvmSignerChain, depositAccounts: DepositAccounts, fees: Fees): SweepSource {
  const token = ctx.chain.tokens.USDT;
  return {
    chain: ctx.chain,
    hot: ctx.account.address,
    addressOf: (index) => depositAccounts(index).address,
    tokenBalance: (address) => ctx.node.tokenBalance(token.contract, address),
    async topupFor(address, amount) {
      const gas = await gasLimitFor(ctx, { from: address, to: token.contract, data: transferCalldata(ctx.account.address, fromLedgerAmount(amount, token.decimals)) });
      const needed = gas * fees.maxFeePerGas;
      const native = await ctx.node.nativeBalance(address);
      return needed > native ? needed - native : 0n;
    },
  };
}
