import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainHotWallets, chainSends } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { writeHotWalletSettings } from '../chain-sends/hot-wallet-settings';
import { metricsRegistry } from './registry';
import { registerSignerGauges } from './signer-metrics';

/** The hot wallet and signer-lag gauges read the tables at scrape time, on any node (docs/operations.md, "Metrics"). */
describe('signer gauges', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    registerSignerGauges(async () => database.db);
  });
  afterAll(() => database?.close());

  async function values(name: string): Promise<Record<string, number>> {
    const metric = metricsRegistry().getSingleMetric(name);
    return Object.fromEntries((await metric!.get()).values.map((v) => [Object.values(v.labels).join('/'), v.value]));
  }

  it('show the balance last read, the last 24 hours signed out (reverted excluded) and the oldest open send', async () => {
    expect(await values('corridor_hot_wallet_balance_usdt')).toEqual({});
    await database.db.insert(chainHotWallets).values({ chain: 'ethereum', address: '0xA', nextNonce: 3n, tokenBalance: '1500.250000', nativeBalance: '1' });
    const signed = (amount: string, state: 'SIGNED' | 'CONFIRMED' | 'FAILED', nonce: bigint, hoursAgo: number) => ({
      chain: 'ethereum',
      purpose: 'withdrawal' as const,
      referenceId: crypto.randomUUID(),
      toAddress: '0xB',
      amount,
      state,
      fromAddress: '0xA',
      nonce,
      txHash: `0x${nonce}`,
      signedAt: new Date(Date.now() - hoursAgo * 3_600_000),
      createdAt: new Date(Date.now() - hoursAgo * 3_600_000),
    });
    await database.db.insert(chainSends).values([signed('100.5', 'CONFIRMED', 0n, 2), signed('40', 'FAILED', 1n, 1), signed('7.25', 'SIGNED', 2n, 0.5), signed('999', 'CONFIRMED', 3n, 30)]);
    await database.db.insert(chainSends).values({ chain: 'ethereum', purpose: 'sweep', referenceId: crypto.randomUUID(), toAddress: '0xB', amount: '1', createdAt: sql`now() - interval '10 minutes'` });

    expect(await values('corridor_hot_wallet_balance_usdt')).toEqual({ ethereum: 1500.25 });
    expect(await values('corridor_hot_wallet_outflow_24h_usdt')).toEqual({ ethereum: 107.75 });
    const lag = await values('corridor_signer_oldest_open_send_seconds');
    expect(Object.keys(lag).sort()).toEqual(['ethereum/QUEUED', 'ethereum/SIGNED']);
    expect(lag['ethereum/QUEUED']).toBeGreaterThan(590);
    expect(lag['ethereum/QUEUED']).toBeLessThan(700);
    expect(lag['ethereum/SIGNED']).toBeGreaterThan(1790);
  });

  it('show the gap to the target per chain with one, and the sends left waiting by reason', async () => {
    expect(await values('corridor_hot_wallet_target_gap_usdt')).toEqual({});
    await writeHotWalletSettings(database.db, { targets: { ethereum: '1000', bsc: '10' } });
    await database.db.insert(chainHotWallets).values({ chain: 'polygon', address: '0xA', nextNonce: 0n, tokenBalance: '5', nativeBalance: '0' });
    const waiting = (waitReason: 'gas' | 'below_target') => ({ chain: 'ethereum', purpose: 'withdrawal' as const, referenceId: crypto.randomUUID(), toAddress: '0xB', amount: '1', waitReason });
    await database.db.insert(chainSends).values([waiting('gas'), waiting('below_target'), waiting('below_target')]);

    // ethereum holds 1500.25 (above): +500.25; bsc has no wallet row yet; polygon has no target.
    expect(await values('corridor_hot_wallet_target_gap_usdt')).toEqual({ ethereum: 500.25 });
    expect(await values('corridor_signer_waiting_sends')).toEqual({ 'ethereum/gas': 1, 'ethereum/below_target': 2 });
  });
});
