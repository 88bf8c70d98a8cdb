/**
 * A Corridor server process for the page-perimeter tests (spawned by page-server.ts): the custom
 * server of `npm start` (scripts/serve.ts) on the test's database, with Next replaced, since tests
 * have no build, by what Next does with a page request before any route runs: it buffers the body
 * through its own `getCloneableBody` up to `proxyClientMaxBodySize` (proxy.ts sees every page
 * request), then runs the route. The routes under test are the real ones. It seeds pay-ins (CHECKOUTS,
 * the last PAID_CHECKOUTS of them past "I Have Paid") and prints their checkout tokens as one JSON
 * line once it listens.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { CorridorClient } from '../../clients/node/corridor-client';
import { getDatabase } from '../../db';
import { checkoutEventsResponse } from '../../app/pay/[token]/events/checkout-events-response';
import { uploadReceiptsResponse } from '../../app/pay/[token]/receipts/upload-receipts-response';
import { uploadEvidenceResponse } from '../../app/merchant/evidence/[reference]/upload-evidence-response';
import { sessionClaimsFromHeaders } from '../../app/_page-gate/session-from-headers';
import { startHttpServer } from '../../scripts/serve';
import { cliActor } from '../../server/audit';
import { submitBuyerPayment } from '../../server/checkout/checkout';
import { addBankAccount } from '../../server/traders/add-bank-account';
import { setQuote } from '../../server/traders/set-quote';
import { setTraderOnline } from '../../server/traders/set-online';
import { updateMerchantSettings } from '../../server/merchants/update-merchant-settings';
import { merchantWithBalance, traderWithBalance } from '../fixtures/parties';
// @ts-expect-error: a plain .mjs module without type declarations (its JSDoc names the type).
import nextConfig from '../../next.config.mjs';
import { createRequire } from 'node:module';

const { getCloneableBody } = createRequire(import.meta.url)('next/dist/server/body-streams') as {
  getCloneableBody: (readable: IncomingMessage, limit: number) => { cloneBodyStream(): NodeJS.ReadableStream; finalize(): Promise<void> };
};

const proxyLimit = parseSize(String((nextConfig as { experimental: { proxyClientMaxBodySize: string } }).experimental.proxyClientMaxBodySize));

function parseSize(text: string): number {
  const match = /^(\d+)mb$/i.exec(text);
  if (!match) throw new Error(`Unexpected proxyClientMaxBodySize ${text}`);
  return Number(match[1]) * 1024 * 1024;
}

const database = await getDatabase();

const route = getRequestListener(
  async (request) => {
    const path = new URL(request.url).pathname;
    const events = /^\/pay\/([^/]+)\/events$/.exec(path);
    if (events && request.method === 'GET') return checkoutEventsResponse(database, request, decodeURIComponent(events[1]!));
    const receipts = /^\/pay\/([^/]+)\/receipts$/.exec(path);
    if (receipts && request.method === 'POST') return uploadReceiptsResponse(database.db, request, decodeURIComponent(receipts[1]!));
    const evidence = /^\/merchant\/evidence\/([^/]+)$/.exec(path);
    if (evidence && request.method === 'POST') {
      const claims = await sessionClaimsFromHeaders(Object.fromEntries(request.headers));
      return uploadEvidenceResponse(database.db, claims, request, decodeURIComponent(evidence[1]!));
    }
    return Response.json({ error: { code: 'NOT_FOUND', message: 'No such page.' } }, { status: 404 });
  },
  { overrideGlobalObjects: false },
);

/** Next without a build: the proxy's copy of the body, read to its end (or to the limit), then the route. */
async function nextWithoutBuild(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    const body = getCloneableBody(req, proxyLimit);
    for await (const _ of body.cloneBodyStream()) {
      // The proxy's copy; the other copy stays buffered for the route.
    }
    await body.finalize();
  }
  await route(req, res);
}

const port = Number(process.env.PORT);
const running = await startHttpServer({ port, host: '127.0.0.1', dir: process.cwd(), pages: false, pageHandler: nextWithoutBuild });

// A live pay-in, created through the server's own API as a merchant would.
const merchant = await merchantWithBalance(database.db, '1000.00');
await updateMerchantSettings(database.db, { merchantId: merchant.merchantId, rateLimitPerSecond: 1000, rateLimitBurst: 1000, actor: cliActor });
const trader = await traderWithBalance(database.db, '10000.00');
await setQuote(database.db, { traderId: trader.traderId, side: 'SELL', price: '7.2500', minFiat: '1.00', maxFiat: '50000.00', actor: cliActor });
await addBankAccount(database.db, { traderId: trader.traderId, holderName: 'Wang Fang', bankName: 'ICBC', accountNumber: '6212260200000000001', actor: cliActor });
await setTraderOnline(database.db, { traderId: trader.traderId, online: true });
const client = new CorridorClient({ baseUrl: running.url, apiKey: merchant.apiKey.keyId, apiSecret: merchant.apiKey.secret });
const tokens: string[] = [];
for (let i = 0; i < Number(process.env.CHECKOUTS ?? '1'); i++) {
  const created = await client.createPayin({ merchantOrderNo: `page-perimeter-${i}-${Date.now()}`, fiatAmount: '100.00' });
  if (created.status !== 201) throw new Error(`The pay-in was not created: ${created.status} ${JSON.stringify(created.body)}`);
  tokens.push(new URL((created.body as { payUrl: string }).payUrl).pathname.split('/').pop()!);
}
// The last PAID_CHECKOUTS buyers pressed "I Have Paid", so their receipts are taken.
for (const token of tokens.slice(tokens.length - Number(process.env.PAID_CHECKOUTS ?? '0'))) await submitBuyerPayment(database.db, { token });
console.log(JSON.stringify({ ready: true, tokens }));

process.once('SIGTERM', () => {
  void running.close(1_000).then(() => process.exit(0));
});
