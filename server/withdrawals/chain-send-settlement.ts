import type { Tx } from '../../db/client';

/** What the signer reports of one send (the contract of docs/wallet.md, "Withdrawals"). */
export interface ChainSendReport {
  id: string;
  /** The withdrawal's id. */
  referenceId: string;
  chain: string;
  txHash: string;
}

/**
 * The handler the signer calls back, inside its own transaction, as a send goes through the chain.
 * Each call applies the withdrawal's transition, its ledger transfer and its event in that
 * transaction; a repeated call for a step already taken changes nothing.
 */
export interface ChainSendSettlement {
  signed(tx: Tx, send: ChainSendReport): Promise<void>;
  broadcast(tx: Tx, send: ChainSendReport): Promise<void>;
  confirmed(tx: Tx, send: ChainSendReport & { gasSpent: string; nativeSymbol: string }): Promise<void>;
  failed(tx: Tx, send: ChainSendReport & { reason: string }): Promise<void>;
}
