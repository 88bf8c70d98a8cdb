import type { DepositAccounts } from '../deposit-accounts';
import type { SweepSource } from '../sweeps/plan-sweeps';
import { BANDWIDTH_ALLOWANCE_SUN, tronSignerOf, type TronSignerChain } from './tron-signer-chain';

/**
 * A TRON chain as the sweep planner sees it (docs/wallet-tron.md, "Sweeps on TRON"): a deposit
 * address pays its TRC-20 transfer's energy and bandwidth in TRX, so its top-up is the fee limit
 * plus the bandwidth allowance, less the TRX it already holds (what an earlier sweep left), in sun.
 */
export function tronSweepSource(ctx: TronSignerChain, depositAccounts: DepositAccounts): SweepSource {
  return {
    chain: ctx.chain,
    hot: ctx.address,
    addressOf: (index) => tronSignerOf(depositAccounts(index)).address,
    tokenBalance: (address) => ctx.node.tokenBalance(ctx.chain.tokens.USDT.contract, address),
    async topupFor(address) {
      const needed = ctx.feeLimitSun + BANDWIDTH_ALLOWANCE_SUN;
      const held = await ctx.node.trxBalance(address);
      return needed > held ? needed - held : 0n;
    },
  };
}
