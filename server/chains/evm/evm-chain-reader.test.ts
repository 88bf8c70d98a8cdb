import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anvilBinary, deployToken, mintTo, startAnvil, transferTo, type Anvil } from '../../../tests/chain/anvil';
import { ADDRESS_CHUNK, evmChainReader } from './evm-chain-reader';
import { getAddress, type Address } from 'viem';

const someone = (n: number): Address => getAddress(`0x${n.toString(16).padStart(40, '0')}`);

describe.skipIf(!anvilBinary())('evmChainReader on a real anvil node', () => {
  let anvil: Anvil;
  let token: Address;
  let other: Address;

  beforeAll(async () => {
    anvil = await startAnvil();
    token = await deployToken(anvil, 6);
    other = await deployToken(anvil, 18, 'OTHER');
    await mintTo(anvil, token, anvil.client.account.address, 10n ** 15n);
    await mintTo(anvil, other, anvil.client.account.address, 10n ** 30n);
  });
  afterAll(async () => anvil?.stop());

  it('reads the head, block hashes and nothing beyond the head', async () => {
    const reader = evmChainReader({ rpcUrl: anvil.url });
    const head = await reader.headHeight();
    const block = await anvil.client.getBlock({ blockNumber: head });
    expect(await reader.blockHash(head)).toBe(block.hash);
    expect(await reader.blockHash(head + 5n)).toBeNull();
  });

  it('returns the token transfers to the watched addresses only, in chain order, across address chunks', async () => {
    const reader = evmChainReader({ rpcUrl: anvil.url });
    const from = (await reader.headHeight()) + 1n;
    // More watched addresses than one filter carries: the last one is in the second chunk.
    const watched = Array.from({ length: ADDRESS_CHUNK + 5 }, (_, i) => someone(1000 + i));
    const [first, last] = [watched[0]!, watched.at(-1)!];
    await transferTo(anvil, token, first, 1_500_000n);
    await transferTo(anvil, token, someone(5), 7n); // not watched
    await transferTo(anvil, other, first, 9n); // another token
    // The node may answer the send before its block is in: the head is read once the last one is.
    await anvil.client.waitForTransactionReceipt({ hash: await transferTo(anvil, token, last, 2n) });
    const to = await reader.headHeight();

    const transfers = await reader.tokenTransfers({ token, to: new Set(watched), fromBlock: from, toBlock: to });
    expect(transfers.map((t) => [t.to, t.amount])).toEqual([
      [first, 1_500_000n],
      [last, 2n],
    ]);
    const [one] = transfers;
    expect(one).toMatchObject({ token, from: anvil.client.account.address, blockNumber: from });
    expect(one!.blockHash).toBe(await reader.blockHash(from));
    expect(await reader.tokenBalance(token, first)).toBe(1_500_000n);
    expect(await reader.tokenTransfers({ token, to: new Set(), fromBlock: from, toBlock: to })).toEqual([]);
  });
});
