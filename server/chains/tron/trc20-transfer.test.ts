import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import fc from 'fast-check';
import { TronWeb, utils } from 'tronweb';
import { describe, expect, it } from 'vitest';
import { tronAddressFromPublicKey } from './address';
import { buildTrc20Transfer, referenceBlockFields, signTrc20Transfer, tronTxId, type Trc20TransferRequest } from './trc20-transfer';

/**
 * Trezor's firmware signs TRON transactions and publishes its test vectors (common/tests/fixtures/
 * tron/sign_tx.json): for its test mnemonic ("all" ×12) at m/44'/195'/0'/0/0, two TRC-20
 * `transfer` calls with their raw_data_hex, txID and signature. Building the same request here must
 * give the same bytes, the same txID and, since both sign with RFC 6979's deterministic k, the
 * same signature.
 */
const trezorKey = HDKey.fromMasterSeed(mnemonicToSeedSync('all all all all all all all all all all all all')).derive("m/44'/195'/0'/0/0").privateKey!;
const TREZOR_ACCOUNT = 'TY72iA3SBtrds3QLYsS7LwYfkzXwAXCRWT';

/** A block id whose bytes 6..15 are the given ref_block_bytes and ref_block_hash (the rest does not enter the transaction). */
const blockIdFor = (refBlockBytes: string, refBlockHash: string) => `${'0'.repeat(12)}${refBlockBytes}${refBlockHash}${'ab'.repeat(16)}`;

const vectors = [
  {
    name: 'USDT transfer',
    request: {
      token: '4142a1e39aefa49290f2b3f9ed688d7cecf86cd6e0',
      from: TREZOR_ACCOUNT,
      to: '41d093f24888ab06073a4bdffbb8107db1ea9dc0a0',
      amount: 0x13bb450n,
      feeLimitSun: 50_000_000n,
      referenceBlockId: blockIdFor('dae0', '9ab5c70b3a11405f'),
      timestamp: 1766453046721,
      expiration: 1766454906000,
    },
    rawDataHex:
      '0a02dae022089ab5c70b3a11405f409099abc7b4335aae01081f12a9010a31747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e54726967676572536d617274436f6e747261637412740a1541f2cd810c48c401d392ead3c6e1e1cb9f57750a5812154142a1e39aefa49290f2b3f9ed688d7cecf86cd6e02244a9059cbb000000000000000000000000d093f24888ab06073a4bdffbb8107db1ea9dc0a000000000000000000000000000000000000000000000000000000000013bb45070c1dbb9c6b433900180e1eb17',
    txId: '3b76769f2fae94ffad214967c013b714110f26c740b4bf2d5702069d125353de',
    signature:
      'f99e2f704c78b07d49fcfa4cc7cd032635807f9a1f09b57adc2232cac38d0d42428008bd9953944e0276123ee6851a266078df9c68e5c4db158be05377dadd7b1c',
  },
  {
    name: 'USDD transfer (18 decimals, an amount past 2^64)',
    request: {
      token: '41d4a4b0bc1d69cdeb238e8604ead1b03ac0ed7c76',
      from: TREZOR_ACCOUNT,
      to: '41d093f24888ab06073a4bdffbb8107db1ea9dc0a0',
      amount: 0x1158e460913d00000n,
      feeLimitSun: 50_000_000n,
      referenceBlockId: blockIdFor('30a2', '2d8cae7382b48775'),
      timestamp: 1766519576813,
      expiration: 1766521434000,
    },
    rawDataHex:
      '0a0230a222082d8cae7382b487754090df87e7b4335aae01081f12a9010a31747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e54726967676572536d617274436f6e747261637412740a1541f2cd810c48c401d392ead3c6e1e1cb9f57750a58121541d4a4b0bc1d69cdeb238e8604ead1b03ac0ed7c762244a9059cbb000000000000000000000000d093f24888ab06073a4bdffbb8107db1ea9dc0a0000000000000000000000000000000000000000000000001158e460913d0000070edb196e6b433900180e1eb17',
    txId: '547eb950894b04fb3d6d66d4b34562d59525ffeef363836b0ad696f37a5d8ce6',
    signature:
      '6147d601b05fc3c2da8c33e303d4f2a866f5f6da424a87dd89c31ed92cbac204151d5ae4a316be889cc48f1cefefc742959f2eab40e62ff8a890c726dcb4be5d1b',
  },
] satisfies Array<{ name: string; request: Trc20TransferRequest; rawDataHex: string; txId: string; signature: string }>;

/** A transfer to vary in the property tests: mainnet USDT from the Trezor account. */
const base: Trc20TransferRequest = {
  token: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  from: TREZOR_ACCOUNT,
  to: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
  amount: 12_345_678n,
  feeLimitSun: 30_000_000n,
  referenceBlockId: '0000000003fe262d52bfa4b2814f816fd2e57af5b98a33d60d8630a03a908e0e',
  timestamp: 1777445121000,
  expiration: 1777445181000,
};

describe('TRC-20 transfer transactions against published vectors', () => {
  it.each(vectors)("$name: Trezor's raw_data_hex, txID and signature", ({ request, rawDataHex, txId, signature }) => {
    const unsigned = buildTrc20Transfer(request);
    expect(unsigned.rawDataHex).toBe(rawDataHex);
    expect(unsigned.txId).toBe(txId);
    expect(tronTxId(rawDataHex)).toBe(txId);

    const signed = signTrc20Transfer(request, trezorKey);
    expect(signed.txId).toBe(txId);
    expect(signed.signature).toBe(signature);
    expect(signed.json.signature).toEqual([signature]);
    // Transaction { raw_data = 1 (a two-byte varint length here); signature = 2 (65 bytes) }.
    const rawLength = rawDataHex.length / 2;
    expect(rawLength).toBeGreaterThan(127);
    expect(signed.signedHex).toBe(`0a${bytesToHex(Uint8Array.of((rawLength & 0x7f) | 0x80, rawLength >> 7))}${rawDataHex}1241${signature}`);
  });

  it('reads the reference block from a block id as the node does (bytes 6..7 and 8..15)', () => {
    const { refBlockBytes, refBlockHash } = referenceBlockFields('0000000003fe262d52bfa4b2814f816fd2e57af5b98a33d60d8630a03a908e0e');
    expect(bytesToHex(refBlockBytes)).toBe('262d');
    expect(bytesToHex(refBlockHash)).toBe('52bfa4b2814f816f');
    expect(() => referenceBlockFields('262d')).toThrow(/64 hex/);
  });
});

describe('TRC-20 transfer transactions against tronweb', () => {
  const tronWeb = new TronWeb({ fullHost: 'http://127.0.0.1:9' });
  const requests = fc.record({
    to: fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => TronWeb.address.fromHex(`41${bytesToHex(bytes)}`)),
    amount: fc.bigInt({ min: 1n, max: (1n << 53n) - 1n }),
    feeLimitSun: fc.bigInt({ min: 1n, max: 15_000_000_000n }),
    referenceBlockId: fc.uint8Array({ minLength: 32, maxLength: 32 }).map(bytesToHex),
    timestamp: fc.integer({ min: 1_500_000_000_000, max: 2_500_000_000_000 }),
    lifetime: fc.integer({ min: 1, max: 24 * 60 * 60 * 1000 }),
  });

  it("gives the bytes and txID of tronweb's offline transaction builder (txLocal with a block header)", async () => {
    await fc.assert(
      fc.asyncProperty(requests, async ({ to, amount, feeLimitSun, referenceBlockId, timestamp, lifetime }) => {
        const request = { ...base, to, amount, feeLimitSun, referenceBlockId, timestamp, expiration: timestamp + lifetime };
        const ours = buildTrc20Transfer(request);
        const { transaction } = await tronWeb.transactionBuilder.triggerSmartContract(
          base.token,
          'transfer(address,uint256)',
          {
            txLocal: true,
            feeLimit: Number(feeLimitSun),
            blockHeader: {
              ref_block_bytes: referenceBlockId.slice(12, 16),
              ref_block_hash: referenceBlockId.slice(16, 32),
              expiration: request.expiration,
              timestamp,
            },
          },
          [
            { type: 'address', value: to },
            { type: 'uint256', value: amount.toString() },
          ],
          base.from,
        );
        expect(ours.rawDataHex).toBe(transaction.raw_data_hex);
        expect(ours.txId).toBe(transaction.txID);
        expect(ours.json.raw_data).toEqual(transaction.raw_data);
      }),
      { numRuns: 40 },
    );
  });

  it("round-trips through tronweb's protobuf (utils.transaction) and signs as trx.sign does", async () => {
    const signed = signTrc20Transfer(base, trezorKey);
    const pb = utils.transaction.txJsonToPb(signed.json);
    expect(utils.transaction.txPbToRawDataHex(pb).toLowerCase()).toBe(signed.rawDataHex);
    expect(utils.transaction.txPbToTxID(pb).replace(/^0x/, '')).toBe(signed.txId);

    const { signature: _signature, ...unsignedJson } = signed.json;
    // tronweb's types name contract types with its own enum; the JSON is the node's either way.
    const theirs = (await tronWeb.trx.sign(unsignedJson as unknown as Parameters<typeof tronWeb.trx.sign>[0], bytesToHex(trezorKey))) as { signature: string[] };
    // tronweb writes the v byte in upper case (…1B); the bytes are the same.
    expect(theirs.signature.map((signature) => signature.toLowerCase())).toEqual([signed.signature]);

    // The broadcastable bytes decode, with tronweb's own protobuf classes, to our raw_data and signature.
    const { Transaction } = (globalThis as unknown as { TronWebProto: { Transaction: { deserializeBinary(bytes: Uint8Array): { getRawData(): { serializeBinary(): Uint8Array }; getSignatureList_asU8(): Uint8Array[] } } } }).TronWebProto;
    const decoded = Transaction.deserializeBinary(hexToBytes(signed.signedHex));
    expect(bytesToHex(decoded.getRawData().serializeBinary())).toBe(signed.rawDataHex);
    expect(decoded.getSignatureList_asU8().map(bytesToHex)).toEqual([signed.signature]);
  });

  it('signs so that the signature recovers to the sender, for any recovery id', () => {
    const keys = fc.uint8Array({ minLength: 32, maxLength: 32 }).filter((key) => secp256k1.utils.isValidSecretKey(key));
    fc.assert(
      fc.property(keys, fc.bigInt({ min: 1n, max: (1n << 256n) - 1n }), (key, amount) => {
        const from = tronAddressFromPublicKey(secp256k1.getPublicKey(key, false));
        const signed = signTrc20Transfer({ ...base, from, amount }, key);
        const bytes = hexToBytes(signed.signature);
        expect([27, 28]).toContain(bytes[64]);
        const recovered = Uint8Array.of(bytes[64]! - 27, ...bytes.subarray(0, 64));
        const publicKey = secp256k1.recoverPublicKey(recovered, hexToBytes(signed.txId), { prehash: false });
        expect(tronAddressFromPublicKey(publicKey)).toBe(from);
        expect(utils.crypto.ecRecover(signed.txId, signed.signature).toLowerCase()).toBe(TronWeb.address.toHex(from).toLowerCase());
      }),
      { numRuns: 25 },
    );
  });
});

describe('TRC-20 transfer requests the builder refuses', () => {
  const refusals: Array<[string, Partial<Trc20TransferRequest>, RegExp]> = [
    ['a bad token address', { token: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' }, /token is not a TRON address/],
    ['a bad recipient', { to: '0xa614f803b6fd780986a42c78ec9c7f77e6ded13c' }, /recipient is not a TRON address/],
    ['the zero address as recipient', { to: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb' }, /zero address/],
    ['the token contract as recipient', { to: '41a614f803b6fd780986a42c78ec9c7f77e6ded13c' }, /token contract/],
    ['a zero amount', { amount: 0n }, /amount/],
    ['a negative amount', { amount: -1n }, /amount/],
    ['an amount of 2^256', { amount: 1n << 256n }, /amount/],
    ['a zero fee limit', { feeLimitSun: 0n }, /fee limit/],
    ['a fee limit over 15,000 TRX', { feeLimitSun: 15_000_000_001n }, /fee limit/],
    ['an expiration before the timestamp', { expiration: base.timestamp }, /expiration/],
    ['an expiration more than a day away', { expiration: base.timestamp + 24 * 60 * 60 * 1000 + 1 }, /expiration/],
    ['a fractional timestamp', { timestamp: 1.5 }, /milliseconds/],
    ['a short block id', { referenceBlockId: '52bfa4b2814f816f' }, /64 hex/],
  ];

  it.each(refusals)('refuses %s', (_name, change, message) => {
    expect(() => buildTrc20Transfer({ ...base, ...change })).toThrow(message);
  });

  it("refuses to sign with a key that is not the sender's", () => {
    const otherKey = HDKey.fromMasterSeed(mnemonicToSeedSync('all all all all all all all all all all all all')).derive("m/44'/195'/0'/0/1").privateKey!;
    expect(() => signTrc20Transfer(base, otherKey)).toThrow(/not the sender's/);
    expect(() => signTrc20Transfer(base, new Uint8Array(32))).toThrow(/private key/);
  });
});
