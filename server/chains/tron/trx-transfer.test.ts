import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { TronWeb, utils } from 'tronweb';
import { describe, expect, it } from 'vitest';
import { tronAddressFromPublicKey } from './address';
import { readSignedTransaction, type DigestSigner } from './trc20-transfer';
import { signTrxTransferWith } from './trx-transfer';

/** A key that signs digests as the signer's account does: r ++ s ++ (recovery id + 27). */
function digestSigner(privateKey: Uint8Array): DigestSigner {
  return {
    publicKey: secp256k1.getPublicKey(privateKey, false),
    signDigest: async (digest) => {
      const recovered = secp256k1.sign(digest, privateKey, { prehash: false, format: 'recovered' });
      return Uint8Array.from([...recovered.subarray(1, 65), recovered[0]! + 27]);
    },
  };
}

describe('TRX transfers (a sweep\'s top-up) against tronweb', () => {
  const tronWeb = new TronWeb({ fullHost: 'http://127.0.0.1:9' });
  const privateKey = secp256k1.utils.randomSecretKey();
  const signer = digestSigner(privateKey);
  const from = tronAddressFromPublicKey(signer.publicKey);

  it("gives the bytes and txID of tronweb's offline sendTrx (with a block header), signed by the sender", async () => {
    const requests = fc.record({
      to: fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => TronWeb.address.fromHex(`41${bytesToHex(bytes)}`)),
      amountSun: fc.bigInt({ min: 1n, max: (1n << 53n) - 1n }),
      referenceBlockId: fc.uint8Array({ minLength: 32, maxLength: 32 }).map(bytesToHex),
      timestamp: fc.integer({ min: 1_500_000_000_000, max: 2_500_000_000_000 }),
      lifetime: fc.integer({ min: 1, max: 24 * 60 * 60 * 1000 }),
    });
    await fc.assert(
      fc.asyncProperty(requests, async ({ to, amountSun, referenceBlockId, timestamp, lifetime }) => {
        const request = { from, to, amountSun, referenceBlockId, timestamp, expiration: timestamp + lifetime };
        const ours = await signTrxTransferWith(request, signer);
        const theirs = await tronWeb.transactionBuilder.sendTrx(to, Number(amountSun), from, {
          blockHeader: { ref_block_bytes: referenceBlockId.slice(12, 16), ref_block_hash: referenceBlockId.slice(16, 32), expiration: request.expiration, timestamp },
        });
        expect(ours.rawDataHex).toBe(theirs.raw_data_hex);
        expect(ours.txId).toBe(theirs.txID);
        expect(utils.crypto.ecRecover(ours.txId, ours.signature).toLowerCase()).toBe(TronWeb.address.toHex(from).toLowerCase());
        expect(readSignedTransaction(ours.signedHex)).toEqual({ txId: ours.txId, expiration: request.expiration });
      }),
      { numRuns: 30 },
    );
  });

  it('refuses another key, a zero amount and a bad address', async () => {
    const timing = { referenceBlockId: 'ab'.repeat(32), timestamp: 1_790_000_000_000, expiration: 1_790_000_060_000 };
    const other = digestSigner(secp256k1.utils.randomSecretKey());
    const to = tronAddressFromPublicKey(other.publicKey);
    await expect(signTrxTransferWith({ ...timing, from, to, amountSun: 1n }, other)).rejects.toThrow('not the sender');
    await expect(signTrxTransferWith({ ...timing, from, to, amountSun: 0n }, signer)).rejects.toThrow('positive');
    await expect(signTrxTransferWith({ ...timing, from, to: '0xabc', amountSun: 1n }, signer)).rejects.toThrow('TRON addresses');
  });
});
