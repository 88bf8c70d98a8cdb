import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { tronAddressFromPublicKey } from '../../chains/tron/address';
import { readSignedTransaction, signTrc20Transfer, signTrc20TransferWith, type Trc20TransferRequest } from '../../chains/tron/trc20-transfer';
import { tronSignerOf } from './tron-signer-chain';

/** The signer's account signs TRON transactions byte for byte as the raw key does, without giving the key out. */
describe('the hot key as a TRON signer', () => {
  const request = (from: string, to: string, index: number): Trc20TransferRequest => ({
    token: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    from,
    to,
    amount: 1_000_000n * BigInt(index + 1) + 7n,
    feeLimitSun: 100_000_000n,
    referenceBlockId: `0000000003f5e1a${index}`.padEnd(64, 'ab'),
    timestamp: 1_790_000_000_000 + index,
    expiration: 1_790_000_060_000 + index,
  });

  it('gives the key\'s TRON address and the same signed bytes as signing with the key itself', async () => {
    for (let i = 0; i < 8; i += 1) {
      const privateKey = generatePrivateKey();
      const { address, signer } = tronSignerOf(privateKeyToAccount(privateKey));
      expect(address).toBe(tronAddressFromPublicKey(secp256k1.getPublicKey(hexToBytes(privateKey.slice(2)), false)));
      const to = tronSignerOf(privateKeyToAccount(generatePrivateKey())).address;
      const withAccount = await signTrc20TransferWith(request(address, to, i), signer);
      const withKey = signTrc20Transfer(request(address, to, i), hexToBytes(privateKey.slice(2)));
      expect(withAccount.signedHex).toBe(withKey.signedHex);
      expect(withAccount.txId).toBe(withKey.txId);
      // What the signer later reads back from the stored bytes.
      expect(readSignedTransaction(withAccount.signedHex)).toEqual({ txId: withKey.txId, expiration: 1_790_000_060_000 + i });
    }
  });

  it('refuses another key, and a signature that does not recover to the sender', async () => {
    const hot = tronSignerOf(privateKeyToAccount(generatePrivateKey()));
    const other = tronSignerOf(privateKeyToAccount(generatePrivateKey()));
    await expect(signTrc20TransferWith(request(hot.address, other.address, 0), other.signer)).rejects.toThrow('not the sender');
    const lying = { publicKey: hot.signer.publicKey, signDigest: other.signer.signDigest };
    await expect(signTrc20TransferWith(request(hot.address, other.address, 0), lying)).rejects.toThrow('does not recover');
  });

  it('reads back only a signed transaction\'s own bytes', () => {
    expect(() => readSignedTransaction('zz')).toThrow('hex');
    expect(() => readSignedTransaction('0a')).toThrow();
  });
});
