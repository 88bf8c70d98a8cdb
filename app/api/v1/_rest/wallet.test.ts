import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CorridorClient, type DepositAddress, type DepositList, type EventList } from '../../../../clients/node/corridor-client';
import { chainCursors } from '../../../../db/schema';
import { issueApiKey } from '../../../../server/api-keys/issue-api-key';
import { setProcessChainSettings } from '../../../../server/chains/chain-settings';
import type { ChainConfig } from '../../../../server/chains/chains';
import { EVM_ACCOUNT_PATH } from '../../../../server/chains/evm/evm-address-deriver';
import { recordScan } from '../../../../server/deposits/record-scan';
import { depositAddresses } from '../../../../db/schema';
import { apiDatabase, apiMerchant, BASE_URL, inProcessFetch, type TestMerchant } from '../../../../tests/api/api-harness';
import type { TestDatabase } from '../../../../tests/db/test-database';

const XPUB = HDKey.fromMasterSeed(mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about')).derive(EVM_ACCOUNT_PATH).publicExtendedKey;
const chain = (key: string, decimals: number): ChainConfig => ({
  key,
  family: 'evm',
  name: key,
  network: 'local',
  tokens: { USDT: { contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3', decimals } },
  confirmations: 3,
  pollIntervalMs: 1000,
  maxBlockRange: 10,
  minimumDeposit: '1',
  rpcUrl: 'http://127.0.0.1:1',
});
const ETH = chain('local-eth', 6);
const BSC = chain('local-bsc', 18);

let database: TestDatabase;
let a: TestMerchant;
let b: TestMerchant;

beforeAll(async () => {
  database = await apiDatabase();
  setProcessChainSettings({ chains: [ETH, BSC], xpubs: { evm: XPUB } });
  [a, b] = [await apiMerchant(database.db), await apiMerchant(database.db)];
});
afterAll(async () => {
  setProcessChainSettings(undefined);
  await database.close();
});

const code = (body: unknown) => (body as { error?: { code: string } }).error?.code;

/** `count` transfers to the merchant's address on `chain`, recorded as the watcher records them. */
async function deposits(merchant: TestMerchant, on: ChainConfig, count: number, firstBlock: bigint) {
  const address = ((await merchant.client.getDepositAddress(on.key)).body as DepositAddress).address;
  const owners = new Map((await database.db.select().from(depositAddresses)).map((r) => [r.address, { id: r.id, ownerType: r.ownerType, ownerId: r.ownerId }]));
  const from = { height: firstBlock - 1n, blockHash: `0x${'0'.repeat(63)}${on.key.length}` };
  await database.db.insert(chainCursors).values({ chainKey: on.key, ...from }).onConflictDoUpdate({ target: chainCursors.chainKey, set: from });
  const transfers = Array.from({ length: count }, (_, i) => ({
    txHash: `0x${(firstBlock * 1000n + BigInt(i)).toString(16).padStart(64, '0')}`,
    logIndex: i,
    blockNumber: firstBlock,
    blockHash: `0x${firstBlock.toString(16).padStart(64, 'a')}`,
    token: on.tokens.USDT.contract,
    from: '0x0000000000000000000000000000000000000001',
    to: address,
    amount: 10n ** BigInt(on.tokens.USDT.decimals) * BigInt(i + 1),
  }));
  const to = { height: firstBlock, blockHash: transfers[0]!.blockHash };
  const result = await recordScan(database.db, { chain: on, from, to, head: firstBlock, transfers, addresses: owners, now: new Date() });
  expect(result).toEqual({ recorded: true, detected: count });
  return address;
}

describe('GET /api/v1/wallet/deposit-address', () => {
  it('makes the address on the first request and answers the same one after, per family', async () => {
    const first = await a.client.getDepositAddress(ETH.key);
    expect(first.status).toBe(200);
    const body = first.body as DepositAddress;
    expect(body).toMatchObject({ chain: ETH.key, family: 'evm', token: { symbol: 'USDT', decimals: 6 }, confirmations: 3, minimumDeposit: '1' });
    expect(body.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(((await a.client.getDepositAddress(ETH.key)).body as DepositAddress).address).toBe(body.address);
    // The same key family, the same address; the token's decimals are the chain's.
    expect((await a.client.getDepositAddress(BSC.key)).body).toMatchObject({ address: body.address, token: { decimals: 18 } });
    expect(((await b.client.getDepositAddress(ETH.key)).body as DepositAddress).address).not.toBe(body.address);
  });

  it('refuses a chain it does not watch, or none, and makes nothing', async () => {
    const before = (await database.db.select().from(depositAddresses)).length;
    const fresh = await apiMerchant(database.db);
    const unknown = await fresh.client.getDepositAddress('dogecoin');
    expect([unknown.status, code(unknown.body)]).toEqual([400, 'CHAIN_NOT_SUPPORTED']);
    const missing = await fresh.client.request('GET', '/api/v1/wallet/deposit-address');
    expect([missing.status, code(missing.body)]).toEqual([400, 'VALIDATION_FAILED']);
    const extra = await fresh.client.request('GET', '/api/v1/wallet/deposit-address', { query: { chain: ETH.key, owner: b.merchantId } });
    expect([extra.status, code(extra.body)]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await database.db.select().from(depositAddresses)).length).toBe(before);
  });

  it('needs the deposits:read scope', async () => {
    const key = await issueApiKey(database.db, { merchantId: a.merchantId }, { scopes: ['balance:read'] });
    const narrow = new CorridorClient({ baseUrl: BASE_URL, apiKey: key.keyId, apiSecret: key.secret, fetch: inProcessFetch });
    for (const response of [await narrow.getDepositAddress(ETH.key), await narrow.listDeposits()]) {
      expect([response.status, code(response.body)]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    }
  });
});

describe('GET /api/v1/wallet/deposits', () => {
  it('lists only the caller\'s deposits, filters by chain and state, and pages without repeats', async () => {
    const c = await apiMerchant(database.db);
    const d = await apiMerchant(database.db);
    await deposits(c, ETH, 3, 100n);
    await deposits(c, BSC, 2, 200n);
    await deposits(d, ETH, 4, 300n);

    const all = (await c.client.listDeposits({ limit: 100 })).body as DepositList;
    expect(all.items).toHaveLength(5);
    expect(new Set(all.items.map((item) => item.address)).size).toBe(1);
    expect(all.items.every((item) => item.state === 'DETECTED')).toBe(true);
    expect(all.items.filter((item) => item.chain === BSC.key).map((item) => [item.amount, item.remainder]).sort()).toEqual([
      ['1.000000', '0'],
      ['2.000000', '0'],
    ]);
    expect(((await c.client.listDeposits({ chain: ETH.key })).body as DepositList).items).toHaveLength(3);
    expect(((await c.client.listDeposits({ state: 'CREDITED' })).body as DepositList).items).toHaveLength(0);

    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10; pages += 1) {
      const page = (await c.client.listDeposits({ limit: 2, startingAfter: cursor })).body as DepositList;
      seen.push(...page.items.map((item) => item.id));
      if (!page.hasMore) break;
      cursor = page.nextCursor!;
    }
    expect(seen).toEqual(all.items.map((item) => item.id));

    // The other merchant sees its own four and none of these; its cursor reveals nothing either.
    const theirs = (await d.client.listDeposits({ limit: 100 })).body as DepositList;
    expect(theirs.items).toHaveLength(4);
    expect(theirs.items.some((item) => seen.includes(item.id))).toBe(false);
    const crossed = (await d.client.listDeposits({ startingAfter: cursor })).body as DepositList;
    expect(crossed.items.some((item) => seen.includes(item.id))).toBe(false);

    // Each detection was an event, listed with the rest and valid against the document.
    const events = (await c.client.listEvents({ type: 'wallet.deposit_detected', limit: 100 })).body as EventList;
    expect(events.items).toHaveLength(5);
  });

  it('refuses a bad filter or cursor', async () => {
    for (const query of [{ state: 'PAID' }, { chain: 'NOT A CHAIN' }, { startingAfter: 'abc' }, { limit: 0 }, { other: 1 }]) {
      const response = await a.client.listDeposits(query);
      expect([response.status, code(response.body)], JSON.stringify(query)).toEqual([400, 'VALIDATION_FAILED']);
    }
  });
});
