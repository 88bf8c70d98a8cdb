import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { TronWeb, utils } from 'tronweb';
import { describe, expect, it } from 'vitest';
import {
  canonicalTronAddress,
  decodeTronAddress,
  tronAddressFromEvmBytes,
  tronAddressFromPublicKey,
  tronAddressToEvmBytes,
  tronAddressToHex,
} from './address';

/** The TRC-20 USDT contract on mainnet, in both of its spellings. */
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const USDT_HEX = '41a614f803b6fd780986a42c78ec9c7f77e6ded13c';

describe('TRON addresses from public keys', () => {
  it('matches published key-to-address vectors', () => {
    // Trezor firmware's TRON unit test: an uncompressed public key and its address.
    const trezorPublicKey = hexToBytes(
      '04aee772c640a56bfd434cc6c41b661467f0fac8ad922cd0d6f37a25a9faab506c9d687d8d4ad0957ca8a07b15db6b39ab2fa56cc81b49f2f92d44e1cdd2f4f266',
    );
    expect(tronAddressFromPublicKey(trezorPublicKey)).toBe('TY72iA3SBtrds3QLYsS7LwYfkzXwAXCRWT');
    // Trezor's private-key test for the same account (source there: Binance's JavaScript SDK).
    const trezorKey = hexToBytes('8d596057e510b14cbb9bf24f88803a6d6dbd138dd303a62b175b9e6cc0f3f941');
    expect(tronAddressFromPublicKey(secp256k1.getPublicKey(trezorKey, false))).toBe('TY72iA3SBtrds3QLYsS7LwYfkzXwAXCRWT');
    // Trust Wallet core's TRON address test.
    const trustKey = hexToBytes('BE88DF1D0BF30A923CB39C3BB953178BAAF3726E8D3CE81E7C8462E046E0D835');
    expect(tronAddressFromPublicKey(secp256k1.getPublicKey(trustKey, false))).toBe('THRF3GuPnvvPzKoaT8pJex5XHmo8NNbCb3');
  });

  it('gives the same address for the compressed and the uncompressed key', () => {
    const key = hexToBytes('8d596057e510b14cbb9bf24f88803a6d6dbd138dd303a62b175b9e6cc0f3f941');
    expect(tronAddressFromPublicKey(secp256k1.getPublicKey(key, true))).toBe('TY72iA3SBtrds3QLYsS7LwYfkzXwAXCRWT');
  });

  it("agrees with tronweb's address.fromPrivateKey on random keys", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }).filter((key) => secp256k1.utils.isValidSecretKey(key)), (key) => {
        expect(tronAddressFromPublicKey(secp256k1.getPublicKey(key, false))).toBe(TronWeb.address.fromPrivateKey(bytesToHex(key)));
      }),
      { numRuns: 50 },
    );
  });
});

describe('canonicalTronAddress', () => {
  it('accepts base58 and hex (with or without 0x, any case) and answers base58', () => {
    expect(canonicalTronAddress(USDT)).toBe(USDT);
    expect(canonicalTronAddress(USDT_HEX)).toBe(USDT);
    expect(canonicalTronAddress(`0x${USDT_HEX}`)).toBe(USDT);
    expect(canonicalTronAddress(USDT_HEX.toUpperCase())).toBe(USDT);
  });

  it('refuses a wrong checksum, a wrong prefix, EVM-only hex and junk', () => {
    // One letter changed: the checksum no longer matches.
    expect(canonicalTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBeNull();
    expect(canonicalTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T')).toBeNull();
    // The same 20 bytes without TRON's 0x41 are an Ethereum address, not a TRON one.
    expect(canonicalTronAddress('0xa614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBeNull();
    expect(canonicalTronAddress('a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBeNull();
    // Another prefix byte with a valid checksum (a Bitcoin address) is not TRON's.
    expect(canonicalTronAddress('1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA')).toBeNull();
    expect(canonicalTronAddress('42a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBeNull();
    for (const junk of ['', 'T', ' TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', `${USDT} `, `${USDT}\u0000`, 'T0000000000000000000000000000000000', '41zz']) {
      expect(canonicalTronAddress(junk)).toBeNull();
    }
  });

  it("agrees with tronweb's address utilities (TronWeb.address, utils.address) on random addresses and on one-character corruptions", () => {
    const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.nat(33), fc.nat(57), (evm, position, letter) => {
        const base58 = tronAddressFromEvmBytes(evm);
        const hex = `41${bytesToHex(evm)}`;
        expect(base58).toBe(TronWeb.address.fromHex(hex));
        expect(base58).toBe(utils.address.fromHex(hex));
        expect(utils.address.isAddress(base58)).toBe(true);
        expect(tronAddressToHex(base58)).toBe(TronWeb.address.toHex(base58).toLowerCase());
        expect(canonicalTronAddress(hex)).toBe(base58);
        expect(bytesToHex(tronAddressToEvmBytes(base58))).toBe(bytesToHex(evm));

        const index = 1 + (position % 33);
        const corrupted = base58.slice(0, index) + alphabet[letter] + base58.slice(index + 1);
        expect(canonicalTronAddress(corrupted) !== null).toBe(TronWeb.isAddress(corrupted));
        expect(canonicalTronAddress(corrupted) !== null).toBe(utils.address.isAddress(corrupted));
        if (corrupted !== base58) expect(canonicalTronAddress(corrupted)).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('decodes to the 21 bytes the node uses', () => {
    expect(bytesToHex(decodeTronAddress(USDT)!)).toBe(USDT_HEX);
    expect(decodeTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBeNull();
  });
});
