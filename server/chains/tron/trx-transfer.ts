import { decodeTronAddress } from './address';
import { message } from './protobuf';
import { rawTransaction, signatureOf, signedTransaction, type DigestSigner, type SignedTronTransaction, type TronTiming } from './trc20-transfer';

/**
 * A TRX transfer (`TransferContract`, contract type 1), built and signed offline: how the hot wallet
 * sends a deposit address the TRX its sweep's TRC-20 transfer will burn (docs/wallet-tron.md,
 * "Sweeps on TRON"). Same reference block, expiration, txID and signature rules as the TRC-20
 * transfer (trc20-transfer.ts); no fee limit: a plain transfer burns only bandwidth.
 */
const TRANSFER_CONTRACT = 1n;
const TRANSFER_CONTRACT_TYPE_URL = 'type.googleapis.com/protocol.TransferContract';

export interface TrxTransferRequest extends TronTiming {
  from: string;
  to: string;
  /** In sun (1 TRX = 1,000,000 sun). */
  amountSun: bigint;
}

export async function signTrxTransferWith(request: TrxTransferRequest, signer: DigestSigner): Promise<SignedTronTransaction> {
  const from = decodeTronAddress(request.from);
  const to = decodeTronAddress(request.to);
  if (!from || !to) throw new Error('the sender and the recipient are TRON addresses');
  if (typeof request.amountSun !== 'bigint' || request.amountSun <= 0n || request.amountSun >= 1n << 63n) throw new RangeError('the amount is a positive number of sun');
  // TransferContract { owner_address = 1; to_address = 2; amount = 3 }
  const transfer = message([
    [1, from],
    [2, to],
    [3, request.amountSun],
  ]);
  const unsigned = rawTransaction({ type: TRANSFER_CONTRACT, typeUrl: TRANSFER_CONTRACT_TYPE_URL, value: transfer, timing: request });
  return signedTransaction(unsigned, await signatureOf(unsigned.txId, request.from, signer));
}
