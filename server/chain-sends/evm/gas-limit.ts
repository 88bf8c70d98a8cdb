import type { Hex } from 'viem';
import type { EvmSignerChain } from './evm-signer-chain';

/**
 * The gas limit of a send: the node's estimate plus a quarter, since the state a transaction meets
 * when mined may cost a little more than the one it was estimated on (a first transfer to an
 * address writes a new storage slot). When the node cannot estimate (it would revert now, or the
 * node refuses), the chain's fixed limit; the balance checks then still price the send at it.
 */
export async function gasLimitFor(ctx: EvmSignerChain, call: { from: string; to: string; data?: Hex; value?: bigint }): Promise<bigint> {
  try {
    const estimate = await ctx.node.estimateGas(call);
    return estimate + estimate / 4n;
  } catch {
    return ctx.gasLimit;
  }
}
