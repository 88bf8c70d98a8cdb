import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { createElement, type ComponentProps } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROUTING_SETTINGS, writeRoutingSettings } from '../../server/routing/routing-settings';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { signedInTrader } from '../../tests/trpc/trpc-harness';
import { TRPCProvider } from '../_trpc/client';
import type { AppRouter } from '../_trpc/root';
import { TraderMessagesProvider } from './_components/messages-context';
import type { TraderLang } from './_components/messages';
import { ReputationCard } from './reputation-card';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** The card's markup for the reputation as the trader's query returns it (rendered on the server, no browser). */
function renderedCard(reputation: unknown, lang: TraderLang) {
  const queryClient = new QueryClient();
  const trpcClient = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: 'http://corridor.test/api/trpc' })] });
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
  queryClient.setQueryData(trpc.trader.reputation.queryKey(), reputation as never);
  // The providers' props types count their children as a prop; they are passed as createElement's.
  const providerProps = { trpcClient, queryClient } as ComponentProps<typeof TRPCProvider>;
  const langProps = { lang } as ComponentProps<typeof TraderMessagesProvider>;
  return renderToString(
    createElement(
      QueryClientProvider,
      { client: queryClient },
      createElement(TRPCProvider, providerProps, createElement(TraderMessagesProvider, langProps, createElement(ReputationCard))),
    ),
  );
}

describe("the trader's reputation", () => {
  it('a new trader reads its figures and the caps that hold it until it has a record, in English and Chinese', async () => {
    const db = database.db;
    const newTrader = { enabled: true, minCompletedOrders: 20, minDays: 7, dailyOrders: 20, maxOrderFiat: '2000.00' };
    await db.transaction((tx) => writeRoutingSettings(tx, { ...DEFAULT_ROUTING_SETTINGS, newTrader }, new Date()));
    const { caller } = await signedInTrader(db);
    const reputation = await caller.trader.reputation();
    expect(reputation).toMatchObject({ windowDays: 30, completed: 0, completionRate: null, gate: { dailyOrders: 20, maxOrderFiat: '2000.00', completedTotal: 0 } });

    const en = renderedCard(reputation, 'en');
    expect(en).toContain('Your reputation');
    expect(en).toContain('84 / 100');
    expect(en).toContain('no finished orders yet');
    expect(en).toContain('New trader: each of your accounts takes up to 20 pay-ins a day and up to 2000.00 CNY per pay-in until you have 20 completed orders and 7 days since your first.');
    expect(en).toContain('So far: 0 completed.');

    const zh = renderedCard(reputation, 'zh');
    expect(zh).toContain('我的信誉');
    expect(zh).toContain('每天最多接 20 笔代收');
    expect(zh).not.toContain('New trader');

    // With the gate off, no caps are shown.
    await db.transaction((tx) => writeRoutingSettings(tx, DEFAULT_ROUTING_SETTINGS, new Date()));
    const off = await caller.trader.reputation();
    expect(off.gate).toBeNull();
    expect(renderedCard(off, 'en')).not.toContain('New trader');
  });
});
