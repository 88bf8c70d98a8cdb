import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TokenTransfer } from '../chain-adapter';
import { TronNodeError } from './node-api';
import { TronReader } from './reader';
import { readerRecording, startRecordedTronNode, type RecordedTronNode } from './testing/recorded-node';

/**
 * TronReader against recorded answers of the node's HTTP API (testing/recorded-node.json). The
 * recording has blocks 66987564 (empty) to 66987567 of the TRC-20 token TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf: a transfer to a
 * watched address, a batch transaction with two transfers to watched addresses among other logs,
 * a transfer to an unwatched address, a reverted transfer, another token's transfer, and a
 * transfer of one base unit. The node's head is 66987627.
 */
const TOKEN = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const WATCHED_1 = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const WATCHED_2 = 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK';
const UNWATCHED = 'TYJPRrdB5APNeRs4R7fYZSwW3TcrTKw2gx';
const SENDER = 'TWAFRfZFmhVQZjxM3De7Mp5UZ9sLqWqpHp';
/** The batch contract 419ff8fc…8825 that made two transfers in one transaction. */
const BATCH = 'TQZ4iNhzKZvM3nQTrtK69oNwLYxWLHa248';

const BLOCK_65 = '0000000003fe262d52bfa4b2814f816fd2e57af5b98a33d60d8630a03a908e0e';

let node: RecordedTronNode;
let reader: TronReader;

beforeAll(async () => {
  node = await startRecordedTronNode(readerRecording());
  reader = new TronReader({ url: node.url, maxBlockRange: 10 });
});
afterAll(() => node.close());
afterEach(() => {
  node.requests.length = 0;
});

const endpoints = () => node.requests.map(({ endpoint, body }) => `${endpoint} ${JSON.stringify(body)}`);

describe('TronReader over recorded node answers', () => {
  it('reads the head height from the newest block header', async () => {
    expect(await reader.headHeight()).toBe(66987627n);
    expect(endpoints()).toEqual(['/wallet/getblock {"detail":false}']);
  });

  it('reads a block hash by height, and null beyond the head', async () => {
    expect(await reader.blockHash(66987565n)).toBe(BLOCK_65);
    expect(await reader.blockHash(66987628n)).toBeNull();
    expect(await reader.blockHash(-1n)).toBeNull();
    expect(endpoints()).toEqual(['/wallet/getblock {"id_or_num":"66987565","detail":false}', '/wallet/getblock {"id_or_num":"66987628","detail":false}']);
  });

  it('finds exactly the transfers of the token to the watched addresses in the range, with their log indices', async () => {
    const transfers = await reader.tokenTransfers({ token: TOKEN, to: new Set([WATCHED_1, WATCHED_2]), fromBlock: 66987564n, toBlock: 66987567n });
    const expected: TokenTransfer[] = [
      {
        txHash: 'cf8d7111257b11e640eb2d9585c6d18da8ff80904ebae132f0a2415290697748',
        logIndex: 0,
        blockNumber: 66987565n,
        blockHash: BLOCK_65,
        token: TOKEN,
        from: SENDER,
        to: WATCHED_1,
        amount: 12_345_678n,
      },
      {
        txHash: 'eb5905aa5a1f631786a1e874b4dc3c8fd1fcebdf579bb78d8f2bb063593bc97f',
        logIndex: 0,
        blockNumber: 66987566n,
        blockHash: '0000000003fe262e0ac99e0d0f45083a1ffd2fe8ad25aa9ebca9cbe8b2d166c0',
        token: TOKEN,
        from: BATCH,
        to: WATCHED_1,
        amount: 1_000_000n,
      },
      {
        txHash: 'eb5905aa5a1f631786a1e874b4dc3c8fd1fcebdf579bb78d8f2bb063593bc97f',
        logIndex: 2,
        blockNumber: 66987566n,
        blockHash: '0000000003fe262e0ac99e0d0f45083a1ffd2fe8ad25aa9ebca9cbe8b2d166c0',
        token: TOKEN,
        from: BATCH,
        to: WATCHED_2,
        amount: 2_500_000n,
      },
      {
        txHash: 'db1eb6de0afce64a61ee1b6d9eaa5940184385487c8f74841ae940421b921dcc',
        logIndex: 0,
        blockNumber: 66987567n,
        blockHash: '0000000003fe262f1a5192124ce8be688257e408b95e0aa1a01c1bd3ab363153',
        token: TOKEN,
        from: SENDER,
        to: WATCHED_2,
        amount: 1n,
      },
    ];
    expect(transfers).toEqual(expected);
    // One execution-results call per block; the full block only for the blocks with a transfer.
    expect(endpoints().filter((line) => line.includes('"detail":true'))).toEqual([
      '/wallet/getblock {"id_or_num":"66987565","detail":true}',
      '/wallet/getblock {"id_or_num":"66987566","detail":true}',
      '/wallet/getblock {"id_or_num":"66987567","detail":true}',
    ]);
    expect(endpoints().filter((line) => line.startsWith('/wallet/gettransactioninfobyblocknum'))).toHaveLength(4);
  });

  it('takes the token and the watched set as given: one address, one block, the hex spelling of the token', async () => {
    const transfers = await reader.tokenTransfers({
      token: '41eca9bc828a3005b9a3b909f2cc5c2a54794de05f',
      to: new Set([WATCHED_2]),
      fromBlock: 66987566n,
      toBlock: 66987566n,
    });
    expect(transfers.map(({ txHash, logIndex, to, amount }) => ({ txHash, logIndex, to, amount }))).toEqual([
      { txHash: 'eb5905aa5a1f631786a1e874b4dc3c8fd1fcebdf579bb78d8f2bb063593bc97f', logIndex: 2, to: WATCHED_2, amount: 2_500_000n },
    ]);
  });

  it('ignores transfers to unwatched addresses, reverted ones and other tokens', async () => {
    expect(await reader.tokenTransfers({ token: TOKEN, to: new Set([UNWATCHED]), fromBlock: 66987566n, toBlock: 66987566n })).toEqual([
      expect.objectContaining({ txHash: 'eb5905aa5a1f631786a1e874b4dc3c8fd1fcebdf579bb78d8f2bb063593bc97f', logIndex: 4, amount: 9_999n }),
      expect.objectContaining({ txHash: '0e98957074ab150bf4b2f3206d4d556f28694cb6e0270ffe8fce046f573be1ba', logIndex: 0, amount: 50_000_000n }),
    ]);
    // The other token sent 777 and 31,000,000 to WATCHED_1 in block 66987566, and a reverted
    // transaction "sent" it 40,000,000: none of them is a transfer of TOKEN.
    const toWatched1 = await reader.tokenTransfers({ token: TOKEN, to: new Set([WATCHED_1]), fromBlock: 66987566n, toBlock: 66987566n });
    expect(toWatched1.map(({ amount }) => amount)).toEqual([1_000_000n]);
    const otherToken = await reader.tokenTransfers({ token: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', to: new Set([WATCHED_1]), fromBlock: 66987566n, toBlock: 66987566n });
    expect(otherToken.map(({ txHash, logIndex, amount }) => ({ txHash, logIndex, amount }))).toEqual([
      { txHash: 'eb5905aa5a1f631786a1e874b4dc3c8fd1fcebdf579bb78d8f2bb063593bc97f', logIndex: 3, amount: 777n },
      { txHash: '056ce3f405e8057fb5aeb5d8584e8fafe132841346e8b99030573e33b6ab143e', logIndex: 0, amount: 31_000_000n },
    ]);
  });

  it('reads nothing for an empty block or an empty watch set', async () => {
    expect(await reader.tokenTransfers({ token: TOKEN, to: new Set([WATCHED_1]), fromBlock: 66987564n, toBlock: 66987564n })).toEqual([]);
    expect(await reader.tokenTransfers({ token: TOKEN, to: new Set(), fromBlock: 66987564n, toBlock: 66987567n })).toEqual([]);
  });

  it('refuses an inverted, negative or too long range, and a range past the head, before reading blocks', async () => {
    await expect(reader.tokenTransfers({ token: TOKEN, to: new Set([WATCHED_1]), fromBlock: 66987567n, toBlock: 66987566n })).rejects.toThrow(RangeError);
    await expect(reader.tokenTransfers({ token: TOKEN, to: new Set([WATCHED_1]), fromBlock: -1n, toBlock: 3n })).rejects.toThrow(RangeError);
    await expect(reader.tokenTransfers({ token: TOKEN, to: new Set([WATCHED_1]), fromBlock: 66987564n, toBlock: 66987574n })).rejects.toThrow(/at most 10 blocks/);
    await expect(reader.tokenTransfers({ token: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBg', to: new Set([WATCHED_1]), fromBlock: 66987564n, toBlock: 66987564n })).rejects.toThrow(/token/);
    expect(endpoints()).toEqual([]);
    await expect(reader.tokenTransfers({ token: TOKEN, to: new Set([WATCHED_1]), fromBlock: 66987627n, toBlock: 66987628n })).rejects.toThrow(/beyond the node's head/);
    expect(endpoints()).toEqual(['/wallet/getblock {"detail":false}']);
  });

  it('reads a TRC-20 balance with balanceOf (the documented call and answer)', async () => {
    expect(await reader.tokenBalance(TOKEN, SENDER)).toBe(1_087_360_000n);
    expect(node.requests.at(-1)).toEqual({
      endpoint: '/wallet/triggerconstantcontract',
      body: {
        owner_address: '41dd791d6b49e190062d650e6a23c575510d35f2f9',
        contract_address: '41eca9bc828a3005b9a3b909f2cc5c2a54794de05f',
        function_selector: 'balanceOf(address)',
        parameter: '000000000000000000000000dd791d6b49e190062d650e6a23c575510d35f2f9',
      },
    });
    expect(await reader.tokenBalance(TOKEN, WATCHED_1)).toBe(13_345_678n);
    expect(await reader.tokenBalance(TOKEN, WATCHED_2)).toBe(2_500_001n);
  });
});

describe('the recording', () => {
  it('is one chain: each block lists the transactions whose execution results it has, and its id starts with its number', () => {
    const recording = readerRecording();
    const blocks = recording['/wallet/getblock']!.filter(({ request }) => (request as { detail: boolean }).detail === true);
    expect(blocks).toHaveLength(4);
    for (const { request, response } of blocks) {
      const height = (request as { id_or_num: string }).id_or_num;
      const block = response as { blockID: string; block_header: { raw_data: { number: number; parentHash: string } }; transactions?: Array<{ txID: string }> };
      const infos = recording['/wallet/gettransactioninfobyblocknum']!.find((answer) => (answer.request as { num: number }).num === Number(height))!;
      expect((infos.response as Array<{ id: string }>).map(({ id }) => id)).toEqual((block.transactions ?? []).map(({ txID }) => txID));
      expect(BigInt(`0x${block.blockID.slice(0, 16)}`)).toBe(BigInt(height));
      expect(block.block_header.raw_data.number).toBe(Number(height));
    }
  });
});

describe('TronReader when the node misbehaves', () => {
  let other: RecordedTronNode;
  let strict: TronReader;
  beforeAll(async () => {
    other = await startRecordedTronNode(readerRecording());
    strict = new TronReader({ url: other.url, maxBlockRange: 10 });
  });
  afterAll(() => other.close());

  const reasonOf = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(TronNodeError);
    return (error as TronNodeError).message;
  };

  it('fails a read on an Error answer, an HTTP error, a body that is not JSON or not the documented shape', async () => {
    other.answer('/wallet/getblock', { id_or_num: '1', detail: false }, { Error: 'class java.lang.IllegalArgumentException : secret-looking detail' });
    expect(await reasonOf(strict.blockHash(1n))).toBe('TRON node /wallet/getblock: the node answered an error (java.lang.IllegalArgumentException)');
    other.answer('/wallet/getblock', { id_or_num: '2', detail: false }, { busy: true }, 503);
    expect(await reasonOf(strict.blockHash(2n))).toBe('TRON node /wallet/getblock: HTTP 503');
    other.answer('/wallet/getblock', { id_or_num: '3', detail: false }, '<html>rate limited</html>');
    expect(await reasonOf(strict.blockHash(3n))).toBe('TRON node /wallet/getblock: the answer is not JSON');
    other.answer('/wallet/getblock', { id_or_num: '4', detail: false }, { blockID: 'nothex', block_header: {} });
    expect(await reasonOf(strict.blockHash(4n))).toBe('TRON node /wallet/getblock: the answer is not in the documented shape');
    // A height the recording does not know is a 404 from the stand-in: the reader does not guess.
    expect(await reasonOf(strict.blockHash(5n))).toBe('TRON node /wallet/getblock: HTTP 404');
  });

  it('fails when the node answers another block than the one asked for', async () => {
    const block66 = readerRecording()['/wallet/getblock']!.find(({ request }) => JSON.stringify(request) === '{"id_or_num":"66987566","detail":false}')!.response;
    other.answer('/wallet/getblock', { id_or_num: '66987565', detail: false }, block66);
    expect(await reasonOf(strict.blockHash(66987565n))).toMatch(/asked for block 66987565, the node answered another/);
  });

  it('fails a transfer read when the block changed between the execution results and the block itself', async () => {
    const replaced = {
      blockID: '0000000003fe262d' + 'ee'.repeat(24),
      block_header: { raw_data: { number: 66987565, timestamp: 1777445121000 } },
      transactions: [{ txID: 'ff44a2823a870c12f12a4ca6e7647650356bc2bb5e02c5855312cf2db4c950c1' }],
    };
    other.answer('/wallet/getblock', { id_or_num: '66987565', detail: true }, replaced);
    expect(await reasonOf(strict.tokenTransfers({ token: TOKEN, to: new Set([WATCHED_1]), fromBlock: 66987565n, toBlock: 66987565n }))).toMatch(
      /block 66987565 changed while it was read/,
    );
  });

  it('fails a balance read on a revert or a refused call instead of answering zero', async () => {
    const call = (owner: string) => ({
      owner_address: owner,
      contract_address: '41eca9bc828a3005b9a3b909f2cc5c2a54794de05f',
      function_selector: 'balanceOf(address)',
      parameter: `000000000000000000000000${owner.slice(2)}`,
    });
    other.answer('/wallet/triggerconstantcontract', call('41c8599111f29c1e1e061265b4af93ea1f274ad78a'), {
      result: { result: true, message: 'REVERT opcode executed' },
      constant_result: [''],
      transaction: { ret: [{ ret: 'FAILED' }] },
    });
    expect(await reasonOf(strict.tokenBalance(TOKEN, WATCHED_1))).toMatch(/balanceOf reverted/);
    other.answer('/wallet/triggerconstantcontract', call('41b6e708a39781c96bd399c7657780ff9fe9f052a8'), {
      result: { code: 'CONTRACT_VALIDATE_ERROR', message: '536d61727420636f6e7472616374206973206e6f74206578697374' },
    });
    expect(await reasonOf(strict.tokenBalance(TOKEN, WATCHED_2))).toMatch(/refused \(CONTRACT_VALIDATE_ERROR\)/);
  });

  it('fails when nothing listens', async () => {
    const closed = await startRecordedTronNode({});
    await closed.close();
    expect(await reasonOf(new TronReader({ url: closed.url }).headHeight())).toBe('TRON node /wallet/getblock: unreachable');
  });
});
