import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainSends } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import type { ChainConfig } from '../chains/chains';
import { isDomainError } from '../errors';
import { queueChainSend, type ChainSendRequest } from './queue-chain-send';

const chain: ChainConfig = {
  key: 'anvil-queue',
  family: 'evm',
  name: 'Local',
  network: 'local',
  tokens: { USDT: { contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3', decimals: 6 } },
  confirmations: 2,
  pollIntervalMs: 1000,
  maxBlockRange: 100,
  minimumDeposit: '1',
  rpcUrl: 'http://127.0.0.1:1',
};
const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe.each(['postgres', 'pglite'] as const)('queueChainSend (%s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind === 'pglite' ? { kind } : {});
  });
  afterAll(() => database?.close());

  const queue = (request: Partial<ChainSendRequest> & { referenceId: string }) =>
    database.db.transaction((tx) => queueChainSend(tx, { chain: chain.key, purpose: 'withdrawal', toAddress: to, amount: '12.5', ...request }, [chain]));
  const codeOf = async (request: Partial<ChainSendRequest> & { referenceId: string }) => {
    try {
      await queue(request);
      return 'queued';
    } catch (error) {
      return isDomainError(error) ? error.code : (error as Error).message;
    }
  };

  it('queues one send per (purpose, reference): the same request again returns it', async () => {
    const referenceId = crypto.randomUUID();
    const first = await queue({ referenceId, toAddress: to.toLowerCase() });
    expect(await queue({ referenceId, amount: '12.500000' })).toEqual(first);
    const rows = await database.db.select().from(chainSends).where(eq(chainSends.referenceId, referenceId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'QUEUED', amount: '12.500000', toAddress: to, chain: chain.key, nonce: null, txHash: null });
    // Another purpose with the same reference is another send.
    expect(await queue({ referenceId, purpose: 'sweep' })).not.toEqual(first);
  });

  it('refuses a different send under the same reference, and bad input, changing nothing', async () => {
    const referenceId = crypto.randomUUID();
    await queue({ referenceId });
    const before = await database.db.select().from(chainSends);
    expect(await codeOf({ referenceId, amount: '12.6' })).toBe('CONFLICT');
    expect(await codeOf({ referenceId, toAddress: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' })).toBe('CONFLICT');
    const fresh = crypto.randomUUID();
    expect(await codeOf({ referenceId: fresh, chain: 'nowhere' })).toBe('CHAIN_NOT_SUPPORTED');
    expect(await codeOf({ referenceId: fresh, toAddress: 'TR7NHqjeKQxGTCi8q8ZY6pPjdLj6t' })).toBe('VALIDATION_FAILED');
    expect(await codeOf({ referenceId: fresh, toAddress: '0x70997970c51812dc3a010c7d01b50e0d17dc79C8' })).toBe('VALIDATION_FAILED');
    for (const amount of ['0', '0.000000', '-1', '1.0000001', '1e3', 'NaN', '1\u0000']) expect(await codeOf({ referenceId: fresh, amount })).toBe('VALIDATION_FAILED');
    expect(await database.db.select().from(chainSends)).toEqual(before);
  });
});
