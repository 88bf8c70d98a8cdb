import type { Tx } from '../../db/client';
import { Dec } from '../money/decimal';
import { postTransfer, type TransferRequest, type TransferResult } from './post-transfer';

export interface MoveRequest {
  id: string;
  kind: string;
  orderId?: string | null;
  memo?: string | null;
  from: string;
  /** Where the amount goes; several destinations split it (e.g. trader and fees). */
  to: readonly { accountId: string; amount: string }[];
}

/** A transfer out of one account into one or more others: the common shape of every flow. */
export function move(tx: Tx, request: MoveRequest): Promise<TransferResult> {
  return postTransfer(tx, transferOf(request));
}

/** The balanced transfer a move posts: the source debited by the sum of the non-zero credits. */
export function transferOf(request: MoveRequest): TransferRequest {
  const credits = request.to.filter((leg) => !new Dec(leg.amount).isZero());
  const total = credits.reduce((sum, leg) => sum.plus(leg.amount), new Dec(0));
  return {
    id: request.id,
    kind: request.kind,
    orderId: request.orderId,
    memo: request.memo,
    postings: [{ accountId: request.from, amount: total.negated().toFixed(6) }, ...credits],
  };
}
