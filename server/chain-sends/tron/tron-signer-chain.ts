import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { ChainConfig } from '../../chains/chains';
import { tronAddressFromPublicKey } from '../../chains/tron/address';
import type { DigestSigner } from '../../chains/tron/trc20-transfer';
import type { DepositAccounts } from '../deposit-accounts';
import type { ChainSendSettlements } from '../settlement';
import type { TronSendNode } from './tron-send-node';

/** One TRON chain as the signer works it: its node, the hot wallet's key and the rules. */
export interface TronSignerChain {
  chain: ChainConfig;
  node: TronSendNode;
  /** The hot wallet's TRON address (`T...`): the same secp256k1 key as the EVM account. */
  address: string;
  signer: DigestSigner;
  settlements: ChainSendSettlements;
  /** The deposit addresses' keys, from the seed file; absent: no sweeps are planned or signed. */
  depositAccounts?: DepositAccounts;
  /**
   * The most TRX (sun) a transfer's energy may burn (`fee_limit`); the network charges what it
   * uses. Each send must find this much TRX, plus a bandwidth allowance, uncommitted in the wallet.
   */
  feeLimitSun: bigint;
  /** How long after its reference block a transaction stays valid (chain time). */
  expirationMs: number;
  /** How often an unincluded transaction's stored bytes are handed to the node again. */
  rebroadcastMs: number;
}

/**
 * The TRX a transfer may burn for bandwidth when the wallet has no free or staked bandwidth left:
 * about 345 bytes at 1,000 sun a byte; 1 TRX leaves room.
 */
export const BANDWIDTH_ALLOWANCE_SUN = 1_000_000n;

/**
 * What a TRX transfer to an account that does not exist yet burns besides bandwidth: 1 TRX to
 * create it and 0.1 TRX of the system contract's fee. A deposit address that only ever received
 * USDT does not exist on chain until its first top-up.
 */
export const ACCOUNT_ACTIVATION_SUN = 1_100_000n;

/**
 * The hot wallet's key as a TRON signer: its TRON address, and signatures of txIDs made inside the
 * account (viem's: RFC 6979, low s, r ++ s ++ v with v = 27 or 28, as TRON writes them). The
 * private key never leaves the account.
 */
export function tronSignerOf(account: PrivateKeyAccount): { address: string; signer: DigestSigner } {
  const publicKey = hexToBytes(account.publicKey.slice(2));
  return {
    address: tronAddressFromPublicKey(publicKey),
    signer: {
      publicKey,
      signDigest: async (digest) => hexToBytes((await account.sign({ hash: `0x${bytesToHex(digest)}` })).slice(2)),
    },
  };
}
