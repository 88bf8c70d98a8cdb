import type { Tx } from '../../db/client';
import type { ChainSendPurpose } from '../../db/schema';

/** What a settlement hears of its send at each step. */
interface SettledSend {
  id: string;
  referenceId: string;
  chain: string;
  txHash: string;
}

/**
 * The queuing side's handlers, one set per purpose, each called inside the signer's own transaction
 * for that step, so the caller's state change, ledger transfer and outbox event commit atomically
 * with the send's (docs/wallet.md, "The signer"). A handler that throws rolls the step back; the
 * signer retries it on its next tick. Each is called once per send: `broadcast` on the first
 * broadcast only, then exactly one of `confirmed` or `failed`.
 */
export interface ChainSendSettlement {
  signed(tx: Tx, send: SettledSend): Promise<void>;
  broadcast(tx: Tx, send: SettledSend): Promise<void>;
  /** gasSpent: gas used × effective price of the mined attempt, in the native coin (e.g. "0.000052341"). */
  confirmed(tx: Tx, send: SettledSend & { gasSpent: string; nativeSymbol: string }): Promise<void>;
  /** Mined but reverted: the token did not move; gas was spent. */
  failed(tx: Tx, send: SettledSend & { reason: string }): Promise<void>;
}

export type ChainSendSettlements = Partial<Record<ChainSendPurpose, ChainSendSettlement>>;
