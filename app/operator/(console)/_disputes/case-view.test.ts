import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { createElement, type ComponentProps } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setControlFromCli } from '../../../../server/controls/set-control-from-cli';
import { addDisputeEvidence } from '../../../../server/disputes/add-dispute-evidence';
import { FOUR_EYES_THRESHOLD_KEY } from '../../../../server/disputes/four-eyes-threshold';
import { createTestDatabase, type TestDatabase } from '../../../../tests/db/test-database';
import { disputedPayout } from '../../../../tests/fixtures/disputes';
import { tinyPng } from '../../../../tests/fixtures/images';
import { merchantWithBalance, traderWithBalance } from '../../../../tests/fixtures/parties';
import { signedInOperator } from '../../../../tests/trpc/trpc-harness';
import { TRPCProvider } from '../../../_trpc/client';
import type { AppRouter } from '../../../_trpc/root';
import { CaseView } from './case-view';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** The case page's markup for a case as the operator's query returns it (rendered on the server, no browser). */
async function renderedCase(orderId: string, operatorId: string, view: unknown, rulingContext?: unknown) {
  const queryClient = new QueryClient();
  const trpcClient = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: 'http://corridor.test/api/trpc' })] });
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
  const ref = { flow: 'payout' as const, orderId };
  queryClient.setQueryData(trpc.operator.disputes.get.queryKey(ref), view as never);
  if (rulingContext) queryClient.setQueryData(trpc.operator.disputes.rulingContext.queryKey(ref), rulingContext as never);
  // The provider's props type counts its children as a prop; they are passed as createElement's.
  const providerProps = { trpcClient, queryClient } as ComponentProps<typeof TRPCProvider>;
  return renderToString(
    createElement(
      QueryClientProvider,
      { client: queryClient },
      createElement(TRPCProvider, providerProps, createElement(CaseView, { flow: 'payout', orderId, operatorId })),
    ),
  );
}

describe('the case page shows evidence in the timeline', () => {
  it('with the party, the statement as text (markup escaped) and the images from the operators-only route', async () => {
    const db = database.db;
    const merchant = await merchantWithBalance(db, '1000.000000');
    const trader = await traderWithBalance(db, '500.000000');
    const operator = await signedInOperator(db);
    const payout = await disputedPayout(db, merchant.merchantId, trader.traderId);
    const added = await addDisputeEvidence(db, {
      flow: 'payout',
      orderId: payout.id,
      party: 'merchant',
      authorId: merchant.merchantId,
      statement: 'Nothing <b>arrived</b> <img src=x onerror=alert(1)>',
      files: [await tinyPng('#aa5500')],
    });
    const view = await operator.caller.operator.disputes.get({ flow: 'payout', orderId: payout.id });

    const html = await renderedCase(payout.id, operator.userId, view);
    expect(html).toContain('aria-label="Evidence from the merchant"');
    expect(html).toContain('Nothing &lt;b&gt;arrived&lt;/b&gt; &lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<b>arrived</b>');
    expect(html).not.toContain('onerror=alert(1)>');
    expect(html).toContain('aria-label="Evidence images from the merchant"');
    expect(html).toContain(`src="/operator/evidence/${added.files[0]!.id}"`);
    // The evidence sits in the timeline after the dispute that preceded it.
    expect(html.indexOf('Evidence from the merchant')).toBeGreaterThan(html.indexOf('<strong>dispute</strong>'));
  });

  it("the ruling form says the payout note is sent to the merchant", async () => {
    const db = database.db;
    const merchant = await merchantWithBalance(db, '1000.000000');
    const trader = await traderWithBalance(db, '500.000000');
    const operator = await signedInOperator(db);
    const payout = await disputedPayout(db, merchant.merchantId, trader.traderId);
    await operator.caller.operator.disputes.claim({ flow: 'payout', orderId: payout.id });
    const view = await operator.caller.operator.disputes.get({ flow: 'payout', orderId: payout.id });
    const context = await operator.caller.operator.disputes.rulingContext({ flow: 'payout', orderId: payout.id });
    const html = await renderedCase(payout.id, operator.userId, view, context);
    expect(html).toContain('Sent to the merchant in the payout.dispute_resolved event');
    expect(html).toContain('Reason code (required)');
    expect(html).toContain('Split: USDT to the trader (of 10.00)');
    expect(html).toContain('Split by amount');
  });

  it('a proposed ruling shows its proposer "waiting", and another operator the approve and reject buttons', async () => {
    const db = database.db;
    const merchant = await merchantWithBalance(db, '1000.000000');
    const trader = await traderWithBalance(db, '500.000000');
    const operator = await signedInOperator(db);
    const second = await signedInOperator(db);
    const payout = await disputedPayout(db, merchant.merchantId, trader.traderId);
    const ref = { flow: 'payout' as const, orderId: payout.id };
    await operator.caller.operator.disputes.claim(ref);
    await setControlFromCli(db, { change: { control: FOUR_EYES_THRESHOLD_KEY, value: { amount: '1.00' }, reason: 'Test set-up.' } });
    try {
      await operator.caller.operator.disputes.rule({ ...ref, ruling: 'split', reasonCode: 'wrong_amount_paid', splitAmount: '4.00', note: 'Part arrived.' });
      const view = await operator.caller.operator.disputes.get(ref);
      const context = await operator.caller.operator.disputes.rulingContext(ref);
      const own = await renderedCase(payout.id, operator.userId, view, context);
      expect(own).toContain('Proposed ruling awaiting approval');
      expect(own).toContain('Waiting for another operator to approve or reject it.');
      expect(own).not.toContain('Approve ruling');
      // The form gives way to the proposal while it is pending.
      expect(own).not.toContain('Reason code (required)');
      const theirs = await renderedCase(payout.id, second.userId, view, context);
      expect(theirs).toContain('Approve ruling');
      expect(theirs).toContain('Reject ruling');
      expect(theirs).toContain('4.00 USDT');
    } finally {
      await setControlFromCli(db, { change: { control: FOUR_EYES_THRESHOLD_KEY, value: { amount: '1000.00' }, reason: 'Test tear-down.' } });
    }
  });
});
