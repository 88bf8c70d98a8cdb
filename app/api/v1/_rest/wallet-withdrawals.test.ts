import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CorridorClient } from '../../../../clients/node/corridor-client';
import { chainSends, walletWithdrawals } from '../../../../db/schema';
import { cliActor } from '../../../../server/audit';
import { issueApiKey } from '../../../../server/api-keys/issue-api-key';
import { setProcessChainSettings } from '../../../../server/chains/chain-settings';
import type { ChainConfig } from '../../../../server/chains/chains';
import { accountIds } from '../../../../server/ledger/account-ids';
import { balanceOf } from '../../../../server/ledger/balances';
import { addWithdrawalAddress } from '../../../../server/withdrawals/address-book/add-withdrawal-address';
import { createOperator } from '../../../../server/users/create-operator';
import { apiDatabase, apiMerchant, BASE_URL, inProcessFetch, type TestMerchant } from '../../../../tests/api/api-harness';
import type { TestDatabase } from '../../../../tests/db/test-database';

const ETH: ChainConfig = {
  key: 'local-eth',
  family: 'evm',
  name: 'Local Ethereum',
  network: 'local',
  tokens: { USDT: { contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3', decimals: 6 } },
  confirmations: 3,
  pollIntervalMs: 1000,
  maxBlockRange: 10,
  minimumDeposit: '1',
  rpcUrl: 'http://127.0.0.1:1',
};
const ADDRESS = '0xABaBaBaBABabABabAbAbABAbABabababaBaBABaB';

let database: TestDatabase;
let a: TestMerchant;
let b: TestMerchant;
/** Clients whose keys were granted wallet:withdraw by name. */
let aWithdraws: CorridorClient;
let bWithdraws: CorridorClient;
let aAddressId: string;

async function withdrawingClient(merchant: TestMerchant) {
  const key = await issueApiKey(database.db, { merchantId: merchant.merchantId }, { scopes: ['wallet:withdraw', 'balance:read'] });
  return new CorridorClient({ baseUrl: BASE_URL, apiKey: key.keyId, apiSecret: key.secret, fetch: inProcessFetch });
}

beforeAll(async () => {
  database = await apiDatabase();
  setProcessChainSettings({ chains: [ETH], xpubs: {} });
  [a, b] = [await apiMerchant(database.db, '1000.00'), await apiMerchant(database.db, '1000.00')];
  [aWithdraws, bWithdraws] = [await withdrawingClient(a), await withdrawingClient(b)];
  const owner = await createOperator(database.db, { email: 'book-keeper@test.local', password: 'correct horse battery', displayName: 'Book keeper' }, cliActor);
  const added = await addWithdrawalAddress(database.db, {
    owner: { type: 'merchant', id: a.merchantId },
    userId: owner.userId,
    totpRequired: false,
    input: { chain: ETH.key, address: ADDRESS, label: 'treasury' },
    chains: { chains: [ETH], xpubs: {} },
    actor: cliActor,
    now: new Date(Date.now() - 2 * 24 * 3_600_000),
  });
  aAddressId = added.id;
});
afterAll(async () => {
  setProcessChainSettings(undefined);
  await database.close();
});

const code = (body: unknown) => (body as { error?: { code: string } }).error?.code;
const post = (client: CorridorClient, body: unknown, key: string | null = crypto.randomUUID()) =>
  client.request('POST', '/api/v1/wallet/withdrawals', { body, headers: key === null ? {} : { 'idempotency-key': key } });

describe('POST /api/v1/wallet/withdrawals', () => {
  it('a full-access key does not hold wallet:withdraw: 403 INSUFFICIENT_SCOPE, and nothing changes', async () => {
    const response = await post(a.client, { chain: ETH.key, addressId: aAddressId, amount: '20' });
    expect([response.status, code(response.body)]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    for (const path of ['/api/v1/wallet/withdrawals', '/api/v1/wallet/withdrawal-addresses', '/api/v1/wallet/withdrawal-chains']) {
      const read = await a.client.request('GET', path);
      expect([read.status, code(read.body)], path).toEqual([403, 'INSUFFICIENT_SCOPE']);
    }
    expect(await database.db.select().from(walletWithdrawals)).toEqual([]);
    expect(await balanceOf(database.db, accountIds.merchantAvailable(a.merchantId))).toBe('1000.000000');
  });

  it('needs an Idempotency-Key; a replay answers the first response and requests nothing more', async () => {
    const missing = await post(aWithdraws, { chain: ETH.key, addressId: aAddressId, amount: '20' }, null);
    expect([missing.status, code(missing.body)]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);

    const key = crypto.randomUUID();
    const first = await post(aWithdraws, { chain: ETH.key, addressId: aAddressId, amount: '20' }, key);
    expect(first.status).toBe(201);
    // The address's first use: it waits for an operator.
    expect(first.body).toMatchObject({ chain: ETH.key, addressId: aAddressId, toAddress: ADDRESS, amount: '20.000000', fee: '1.000000', state: 'REQUESTED', needsReview: 'new_address' });
    const replay = await post(aWithdraws, { chain: ETH.key, addressId: aAddressId, amount: '20' }, key);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(await database.db.select().from(walletWithdrawals).where(eq(walletWithdrawals.ownerId, a.merchantId))).toHaveLength(1);
    expect(await balanceOf(database.db, accountIds.merchantAvailable(a.merchantId))).toBe('979.000000');
    expect(await database.db.select().from(chainSends)).toEqual([]);
    // The events list carries the address's and the request's events, in the document's shapes
    // (the client checks every response against the OpenAPI document).
    const events = (await a.client.request('GET', '/api/v1/events')).body as { items: { type: string; data: { id: string } }[] };
    expect(events.items.map((event) => event.type).sort()).toEqual(['wallet.withdrawal_address_added', 'wallet.withdrawal_requested']);
    expect(events.items.find((event) => event.type === 'wallet.withdrawal_requested')?.data.id).toBe((first.body as { id: string }).id);
  });

  it("another merchant's address is WITHDRAWAL_ADDRESS_NOT_FOUND and its withdrawal 404, as if neither existed", async () => {
    const refused = await post(bWithdraws, { chain: ETH.key, addressId: aAddressId, amount: '20' });
    expect([refused.status, code(refused.body)]).toEqual([404, 'WITHDRAWAL_ADDRESS_NOT_FOUND']);
    const [mine] = await database.db.select().from(walletWithdrawals).where(eq(walletWithdrawals.ownerId, a.merchantId));
    const foreign = await bWithdraws.request('GET', `/api/v1/wallet/withdrawals/${mine!.id}`);
    expect([foreign.status, code(foreign.body)]).toEqual([404, 'NOT_FOUND']);
    const own = await aWithdraws.request('GET', `/api/v1/wallet/withdrawals/${mine!.id}`);
    expect(own.body).toMatchObject({ id: mine!.id, state: 'REQUESTED' });
    expect(((await bWithdraws.request('GET', '/api/v1/wallet/withdrawals')).body as { items: unknown[] }).items).toEqual([]);
    expect(((await bWithdraws.request('GET', '/api/v1/wallet/withdrawal-addresses')).body as { items: unknown[] }).items).toEqual([]);
    expect(await balanceOf(database.db, accountIds.merchantAvailable(b.merchantId))).toBe('1000.000000');
  });

  it('lists the book, the chains with their fee, and the withdrawals newest first', async () => {
    expect((await aWithdraws.request('GET', '/api/v1/wallet/withdrawal-addresses')).body).toMatchObject({ items: [{ id: aAddressId, chain: ETH.key, address: ADDRESS, label: 'treasury' }] });
    expect((await aWithdraws.request('GET', '/api/v1/wallet/withdrawal-chains')).body).toMatchObject({ items: [{ chain: ETH.key, fee: '1', minimumAmount: '10' }] });
    const page = (await aWithdraws.request('GET', '/api/v1/wallet/withdrawals', { query: { limit: '1' } })).body as { items: { id: string }[]; hasMore: boolean };
    expect(page).toMatchObject({ hasMore: false });
    expect(page.items).toHaveLength(1);
  });

  it('a refusal of the domain is its documented code with the right status', async () => {
    const below = await post(aWithdraws, { chain: ETH.key, addressId: aAddressId, amount: '5' });
    expect([below.status, code(below.body)]).toEqual([422, 'WITHDRAWAL_BELOW_MINIMUM']);
    const chain = await post(aWithdraws, { chain: 'solana', addressId: aAddressId, amount: '20' });
    expect([chain.status, code(chain.body)]).toEqual([400, 'CHAIN_NOT_SUPPORTED']);
    const poor = await post(aWithdraws, { chain: ETH.key, addressId: aAddressId, amount: '990' });
    expect([poor.status, code(poor.body)]).toEqual([422, 'INSUFFICIENT_BALANCE']);
    const number = await post(aWithdraws, { chain: ETH.key, addressId: aAddressId, amount: 20 });
    expect([number.status, code(number.body)]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await database.db.select().from(walletWithdrawals).where(eq(walletWithdrawals.ownerId, a.merchantId))).toHaveLength(1);
  });
});
