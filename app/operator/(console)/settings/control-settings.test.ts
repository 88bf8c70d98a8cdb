import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { createElement, type ComponentProps } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOUR_EYES_THRESHOLD_KEY } from '../../../../server/disputes/four-eyes-threshold';
import { createTestDatabase, type TestDatabase } from '../../../../tests/db/test-database';
import { signedInOperator } from '../../../../tests/trpc/trpc-harness';
import { TRPCProvider } from '../../../_trpc/client';
import type { AppRouter } from '../../../_trpc/root';
import { ControlSettings } from './control-settings';
import type { SettingsLang } from './settings-messages';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** The settings page's markup for the controls as the operator's query returns them (rendered on the server, no browser). */
function renderedSettings(operatorId: string, list: unknown, lang: SettingsLang = 'en') {
  const queryClient = new QueryClient();
  const trpcClient = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: 'http://corridor.test/api/trpc' })] });
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
  queryClient.setQueryData(trpc.operator.controls.list.queryKey({}), list as never);
  const providerProps = { trpcClient, queryClient } as ComponentProps<typeof TRPCProvider>;
  return renderToString(
    createElement(QueryClientProvider, { client: queryClient }, createElement(TRPCProvider, providerProps, createElement(ControlSettings, { lang, operatorId }))),
  );
}

describe('the settings page', () => {
  it('shows a pending change with who proposed it: waiting for its proposer, approve and reject for another operator, in English and Chinese', async () => {
    const db = database.db;
    const proposer = await signedInOperator(db);
    const other = await signedInOperator(db);
    await proposer.caller.operator.controls.propose({ control: FOUR_EYES_THRESHOLD_KEY, value: { amount: '2500.00' }, reason: 'Large disputes <b>doubled</b>.' });
    const list = await proposer.caller.operator.controls.list({});

    const own = renderedSettings(proposer.userId, list);
    expect(own).toContain('aria-label="Controls in effect"');
    expect(own).toContain('1000.00 USDT');
    expect(own).toContain('aria-label="Proposed change: Four-eyes threshold"');
    expect(own).toContain('<del>1000.00 USDT</del>');
    expect(own).toContain('Large disputes &lt;b&gt;doubled&lt;/b&gt;.');
    expect(own).toContain('Waiting for another operator to approve or reject it.');
    expect(own).toContain('Withdraw change');
    expect(own).not.toContain('Approve change');
    // One pending change per control: the form says so instead of offering a second.
    expect(own).toContain('A change to this control is waiting');

    const theirs = renderedSettings(other.userId, list);
    expect(theirs).toContain(list.pending[0]!.proposedBy.name);
    expect(list.pending[0]!.proposedBy.name).toMatch(/^Operator /);
    expect(theirs).toContain('Approve change');
    expect(theirs).toContain('Reject change');
    expect(theirs).not.toContain('Withdraw change');

    const zh = renderedSettings(other.userId, list, 'zh');
    expect(zh).toContain('四眼审批阈值');
    expect(zh).toContain('批准修改');
    expect(zh).not.toContain('Approve change');
  });
});
