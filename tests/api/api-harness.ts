import { randomBytes } from 'node:crypto';
import { handleRestRequest } from '../../app/api/v1/_rest/handler';
import { CorridorClient, signatureFor } from '../../clients/node/corridor-client';
import { setProcessDatabase } from '../../db';
import type { Db } from '../../db/client';
import { cliActor } from '../../server/audit';
import { updateMerchantSettings } from '../../server/merchants/update-merchant-settings';
import { resetRateLimits } from '../../server/rate-limit/token-bucket';
import { addBankAccount } from '../../server/traders/add-bank-account';
import { setQuote } from '../../server/traders/set-quote';
import { setTraderOnline } from '../../server/traders/set-online';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { merchantWithBalance, traderWithBalance } from '../fixtures/parties';
import { checkedResponse } from './contract';

export const BASE_URL = 'http://corridor.test';

/**
 * Sends a Request to the REST adapter in-process (the same function `npm start` mounts) and checks
 * the response against the OpenAPI document (contract.ts): a response the document does not
 * describe fails the test.
 */
export const inProcessFetch = async (url: string, init: RequestInit) =>
  checkedResponse(init.method ?? 'GET', url, await handleRestRequest(new Request(url, init)));

/** A test database that the REST adapter uses as its own. */
export async function apiDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase({ maxConnections: 20 });
  setProcessDatabase(database);
  resetRateLimits();
  return database;
}

export interface TestMerchant {
  merchantId: string;
  apiKey: string;
  apiSecret: string;
  client: CorridorClient;
}

/** A merchant with a balance, an API key and a client; the rate limit is lifted unless asked. */
export async function apiMerchant(db: Db, balance = '10000.00', options: { feeBps?: number; rateLimit?: { perSecond: number; burst: number } } = {}): Promise<TestMerchant> {
  const merchant = await merchantWithBalance(db, balance, options.feeBps ?? 0);
  await updateMerchantSettings(
    db,
    { merchantId: merchant.merchantId, rateLimitPerSecond: options.rateLimit?.perSecond ?? 100_000, rateLimitBurst: options.rateLimit?.burst ?? 100_000, actor: cliActor },
  );
  return {
    merchantId: merchant.merchantId,
    apiKey: merchant.apiKey.keyId,
    apiSecret: merchant.apiKey.secret,
    client: new CorridorClient({ baseUrl: BASE_URL, apiKey: merchant.apiKey.keyId, apiSecret: merchant.apiKey.secret, fetch: inProcessFetch }),
  };
}

/** An online trader quoting BUY at `price` for 1.00 to 1,000,000.00 CNY per order. */
export async function payoutTrader(db: Db, price = '7.0000', balance = '0') {
  const trader = await traderWithBalance(db, balance);
  await setQuote(db, { traderId: trader.traderId, side: 'BUY', price, minFiat: '1.00', maxFiat: '1000000.00', actor: cliActor });
  await setTraderOnline(db, { traderId: trader.traderId, online: true });
  return trader;
}

export interface RawRequestOptions {
  method?: string;
  path: string;
  body?: string;
  apiKey: string;
  apiSecret: string;
  timestamp?: string;
  nonce?: string;
  headers?: Record<string, string | null>;
  /** Sign this path instead of the one sent (to test mismatches). */
  signedPath?: string;
  signedBody?: string;
}

/** A hand-made signed request, for the tests that break one part of it. */
export function rawRequest(options: RawRequestOptions): Promise<Response> {
  const method = options.method ?? 'GET';
  const body = options.body ?? '';
  const timestamp = options.timestamp ?? String(Date.now());
  const nonce = options.nonce ?? randomBytes(18).toString('base64url');
  const headers: Record<string, string> = {
    'x-api-key': options.apiKey,
    'x-timestamp': timestamp,
    'x-nonce': nonce,
    'x-signature': signatureFor(options.apiSecret, {
      timestamp,
      nonce,
      method,
      pathAndQuery: options.signedPath ?? options.path,
      body: options.signedBody ?? body,
    }),
  };
  if (body) headers['content-type'] = 'application/json';
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value === null) delete headers[name];
    else headers[name] = value;
  }
  return inProcessFetch(`${BASE_URL}${options.path}`, { method, headers, body: body || undefined });
}

export async function errorCodeOf(response: Response): Promise<string> {
  const body = (await response.json()) as { error?: { code?: string } };
  return body.error?.code ?? `(no error, status ${response.status})`;
}

/** A valid payout request body. */
export function payoutBody(overrides: Record<string, unknown> = {}) {
  return {
    merchantOrderNo: `mo-${randomBytes(8).toString('hex')}`,
    fiatAmount: '700.00',
    recipient: { holderName: 'Li Lei', bankAccount: '6222020200112233445', bankName: 'Bank of China' },
    ...overrides,
  };
}

/** An online trader selling USDT at `price` for 1.00 to 50,000.00 CNY, with a bank account and `balance` USDT. */
export async function payinTrader(db: Db, price = '7.2500', balance = '10000.00', limits = { minFiat: '1.00', maxFiat: '50000.00' }) {
  const trader = await traderWithBalance(db, balance);
  await setQuote(db, { traderId: trader.traderId, side: 'SELL', price, ...limits, actor: cliActor });
  await addBankAccount(db, { traderId: trader.traderId, holderName: 'Wang Fang', bankName: 'ICBC', accountNumber: '6212260200000000001', actor: cliActor });
  await setTraderOnline(db, { traderId: trader.traderId, online: true });
  return trader;
}
