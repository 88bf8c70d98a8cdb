import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { eq } from 'drizzle-orm';
import { createElement, type ComponentProps } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants } from '../../../../db/schema';
import { cliActor } from '../../../../server/audit';
import { createPayin } from '../../../../server/payins/create-payin';
import { DEFAULT_ROUTING_SETTINGS, writeRoutingSettings } from '../../../../server/routing/routing-settings';
import { seededRandom } from '../../../../server/routing/seeded-random';
import { addBankAccount } from '../../../../server/traders/add-bank-account';
import { setTraderOnline } from '../../../../server/traders/set-online';
import { setQuote } from '../../../../server/traders/set-quote';
import { createTestDatabase, type TestDatabase } from '../../../../tests/db/test-database';
import { merchantWithBalance, traderWithBalance } from '../../../../tests/fixtures/parties';
import { signedInOperator } from '../../../../tests/trpc/trpc-harness';
import { TRPCProvider } from '../../../_trpc/client';
import type { AppRouter } from '../../../_trpc/root';
import { OperatorMessagesProvider } from '../../_components/messages-context';
import type { OperatorLang } from '../../_components/messages';
import { WhyThisTraderPanel } from './why-this-trader-panel';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** The panel's markup for the routing record as the operator's query returns it (rendered on the server, no browser). */
function renderedPanel(orderId: string, why: unknown, lang: OperatorLang) {
  const queryClient = new QueryClient();
  const trpcClient = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: 'http://corridor.test/api/trpc' })] });
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
  queryClient.setQueryData(trpc.operator.routing.whyThisTrader.queryKey({ orderId }), why as never);
  // The providers' props types count their children as a prop; they are passed as createElement's.
  const providerProps = { trpcClient, queryClient } as ComponentProps<typeof TRPCProvider>;
  const langProps = { lang } as ComponentProps<typeof OperatorMessagesProvider>;
  return renderToString(
    createElement(
      QueryClientProvider,
      { client: queryClient },
      createElement(TRPCProvider, providerProps, createElement(OperatorMessagesProvider, langProps, createElement(WhyThisTraderPanel, { orderId }))),
    ),
  );
}

describe('why this trader on a pay-in', () => {
  it('shows how a scored match was picked with each signal, its weight and points, in English and Chinese', async () => {
    const db = database.db;
    const created = await merchantWithBalance(db, '0');
    const [merchant] = (await db.select().from(merchants).where(eq(merchants.id, created.merchantId))) as [typeof merchants.$inferSelect];
    const trader = await traderWithBalance(db, '10000.00');
    await setQuote(db, { traderId: trader.traderId, side: 'SELL', price: '7.1000', minFiat: '1.00', maxFiat: '50000.00', actor: cliActor });
    await addBankAccount(db, { traderId: trader.traderId, holderName: 'Wang Fang', bankName: 'ICBC', accountNumber: '6212260200000000001', actor: cliActor });
    await setTraderOnline(db, { traderId: trader.traderId, online: true });
    await db.transaction((tx) => writeRoutingSettings(tx, { ...DEFAULT_ROUTING_SETTINGS, mode: 'scored' }, new Date()));
    const { order } = await db.transaction((tx) => createPayin(tx, { merchant, input: { merchantOrderNo: 'why-1', fiatAmount: '100.00' }, now: new Date(), random: seededRandom(1) }));

    const operator = await signedInOperator(db);
    const why = await operator.caller.operator.routing.whyThisTrader({ orderId: order.id });
    expect(why.traderId).toBe(trader.traderId);

    const en = renderedPanel(order.id, why, 'en');
    expect(en).toContain('Why this trader');
    expect(en).toContain('scored');
    expect(en).toContain('1 of 1 candidates');
    expect(en).toContain('aria-label="Score by signal"');
    expect(en).toContain('Trader reputation');
    // The reputation of a trader without a record (0.84) at its default weight of 10.
    expect(en).toContain('<td class="mono">0.84</td><td class="mono">10</td><td class="mono">8.4</td>');
    expect(en).toContain(`<strong>${why.routing!.score!.score}</strong>`);

    const zh = renderedPanel(order.id, why, 'zh');
    expect(zh).toContain('为何分配给此承兑商');
    expect(zh).toContain('承兑商信誉');
    expect(zh).not.toContain('Trader reputation');
  });

  it('says so when the order has no routing record', () => {
    const orderId = '00000000-0000-4000-8000-000000000000';
    const html = renderedPanel(orderId, { orderId, traderId: null, bankAccountId: null, routing: null }, 'en');
    expect(html).toContain('No routing record');
    expect(html).not.toContain('Score by signal');
  });
});
