import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import Decimal from 'decimal.js';
import sharp from 'sharp';
import { CorridorClient, CorridorTraderClient, isApiError, type ApiResponse } from '../clients/node/corridor-client';
import { demoCredentials } from '../server/demo/demo-credentials';
import { signInAsDemoOperator, signInAsSecondDemoOperator } from './totp-device';
import { consoleBalances } from './console-balances';

function ok<T>(response: ApiResponse<unknown>, what: string): T {
  if (isApiError(response.body)) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body.error)}`);
  return response.body as T;
}

function clientsOf(testInfo: TestInfo) {
  const baseUrl = testInfo.project.use.baseURL!;
  return {
    merchant: new CorridorClient({ baseUrl, apiKey: demoCredentials.merchant.apiKey, apiSecret: demoCredentials.merchant.apiSecret }),
    trader: new CorridorTraderClient({ baseUrl, apiKey: demoCredentials.trader.apiKey, apiSecret: demoCredentials.trader.apiSecret }),
  };
}

interface Created {
  orderId: string;
  orderNo: string;
  usdAmount: string;
  usdFeeAmount: string;
}

/** A payout taken through the merchant and trader APIs to DISPUTED, with the given reason. */
async function disputedPayout(testInfo: TestInfo, reason: string, fiatAmount = '300.00'): Promise<Created> {
  const { merchant, trader } = clientsOf(testInfo);
  const merchantOrderNo = `e2e-rulings-${randomUUID()}`;
  const created = ok<Created>(
    await merchant.createPayout({ merchantOrderNo, fiatAmount, recipient: { holderName: 'Han Meimei', bankAccount: '6222020200119988776', bankName: 'Bank of China' } }, merchantOrderNo),
    'create payout',
  );
  ok(await trader.acceptTask(created.orderId), 'accept');
  const png = new Uint8Array(await sharp({ create: { width: 64, height: 40, channels: 3, background: `#${randomUUID().slice(0, 6)}` } }).png().toBuffer());
  ok(await trader.submitProof(created.orderId, [{ name: 'slip.png', type: 'image/png', bytes: png }]), 'proof');
  ok(await merchant.decidePayout(created.orderNo, { decision: 'DISPUTE', reason }), 'dispute');
  return created;
}

/** axe finds nothing, and the page fits a 412 px phone and a 1440 px screen. */
async function expectAccessibleAndFitting(page: Page, where: string) {
  for (const width of [412, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await expectFitsViewport(page, `${where} at ${width}px`);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${where}: ${v.id} (${v.nodes.length})`)).toEqual([]);
  }
}

/** No horizontal scroll: the page is no wider than the viewport. */
async function expectFitsViewport(page: Page, where: string) {
  const { scroll, viewport } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(scroll, `${where} is ${scroll}px wide in a ${viewport}px viewport`).toBeLessThanOrEqual(viewport);
}

test('ten disputes: the queue with filters and the keyboard, a split ruling that the ledger, both balances and the merchant event show exactly, then next case', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const tag = `Rulings ${randomUUID().slice(0, 8)}`;
  const cases: Created[] = [];
  for (let i = 0; i < 10; i += 1) cases.push(await disputedPayout(testInfo, `${tag} case ${i}`));
  await signInAsDemoOperator(page);

  // The queue, narrowed to this run's ten unclaimed cases.
  const filters = page.getByRole('form', { name: 'Queue filters' });
  await filters.getByLabel('Reason contains').fill(tag);
  await filters.getByLabel('Claim').selectOption('unclaimed');
  const rows = page.getByRole('table', { name: 'Disputes queue' }).locator('tbody tr');
  await expect(rows).toHaveCount(10);

  // The keyboard: j j selects the third row, o opens it.
  await page.locator('h1').click();
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(rows.nth(2)).toHaveAttribute('aria-selected', 'true');
  const chosenNo = (await rows.nth(2).getByRole('link').innerText()).trim();
  const chosen = cases.find((item) => item.orderNo === chosenNo)!;
  expect(chosen).toBeDefined();
  await page.keyboard.press('o');
  await expect(page).toHaveURL(new RegExp(`/operator/disputes/payout/${chosen.orderId}$`));
  await page.getByRole('button', { name: 'Claim this case' }).click();
  await expect(page.getByRole('button', { name: 'Release claim' })).toBeVisible();
  const before = await consoleBalances(page);
  await page.goto(`/operator/disputes/payout/${chosen.orderId}`);

  await expect(page.getByLabel('Reason code (required)')).toBeVisible();
  await expectAccessibleAndFitting(page, 'the case with the ruling form');

  // A split: a bad amount first (refused with its code, nothing changes), then the real one.
  await page.getByLabel('Reason code (required)').selectOption('wrong_amount_paid');
  const note = 'The recipient received 10.00 USDT worth; the rest goes back to you.';
  await page.getByLabel('Ruling note (required)').fill(note);
  await page.getByLabel(/^Split: USDT to the trader/).fill(chosen.usdAmount);
  await page.getByRole('button', { name: 'Split by amount' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'less than' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Confirm: / })).toBeDisabled();
  await page.getByLabel(/^Split: USDT to the trader/).fill('10.00');
  const fee = new Decimal(chosen.usdFeeAmount).times('10.00').dividedBy(chosen.usdAmount).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const merchantBack = new Decimal(chosen.usdAmount).plus(chosen.usdFeeAmount).minus('10.00').minus(fee);
  await page.getByRole('button', { name: 'Split by amount' }).click();
  const confirm = page.getByRole('group', { name: 'Confirm the ruling' });
  const legs = confirm.getByRole('definition');
  await expect(legs).toHaveText(['10.00 USDT', `${fee.toFixed(2)} USDT`, `${merchantBack.toFixed(2)} USDT`]);
  await expectAccessibleAndFitting(page, 'the split confirmation');
  await confirm.getByRole('button', { name: 'Confirm: Split by amount' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'This case is closed: Completed.' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Timeline' }).getByRole('listitem').last()).toContainText('ruled: split');

  // Both balances moved by exactly the legs.
  const after = await consoleBalances(page);
  expect(after.traderAvailable).toBe(new Decimal(before.traderAvailable).plus('10.00').toFixed(6));
  expect(after.merchantAvailable).toBe(new Decimal(before.merchantAvailable).plus(merchantBack).toFixed(6));
  expect(after.merchantFrozen).toBe(new Decimal(before.merchantFrozen).minus(chosen.usdAmount).minus(chosen.usdFeeAmount).toFixed(6));

  // The ledger page: every invariant holds.
  await page.goto('/operator/ledger');
  await expect(page.getByRole('status').filter({ hasText: 'All invariants hold.' })).toBeVisible();

  // The merchant's event, from GET /api/v1/events, carries the split exactly.
  const { merchant } = clientsOf(testInfo);
  const events = ok<{ items: { type: string; data: { orderId: string; status: string; resolution?: unknown } }[] }>(
    await merchant.listEvents({ type: 'payout.dispute_resolved', limit: '100' }),
    'events',
  );
  const event = events.items.find((item) => item.data.orderId === chosen.orderId);
  expect(event?.data.status).toBe('COMPLETED');
  expect(event?.data.resolution).toEqual({
    outcome: 'split',
    traderAmount: '10.00',
    merchantAmount: merchantBack.toFixed(2),
    feeAmount: fee.toFixed(2),
    reasonCode: 'wrong_amount_paid',
    note,
  });

  // Next case from the closed case takes (and claims) another unclaimed case.
  await page.goto(`/operator/disputes/payout/${chosen.orderId}`);
  await page.getByRole('button', { name: /Next case/ }).click();
  await expect(page).not.toHaveURL(new RegExp(chosen.orderId));
  await expect(page.getByRole('button', { name: 'Release claim' })).toBeVisible();

  // Back in the queue: the ruled case is gone; the others of this run are still there.
  await page.goto('/operator');
  await filters.getByLabel('Reason contains').fill(tag);
  await expect(rows.filter({ hasText: chosen.orderNo })).toHaveCount(0);
  await expect(rows).not.toHaveCount(0);
  expect(await rows.count()).toBeGreaterThanOrEqual(8);
});

test('four eyes: a large ruling is a proposal until a second operator approves it after a confirmation', async ({ page, browser }, testInfo) => {
  test.setTimeout(240_000);
  const tag = `Four eyes ${randomUUID().slice(0, 8)}`;
  // 8000 CNY is over 1000 USDT: above the default four-eyes threshold (docs/operator-guide.md).
  const large = await disputedPayout(testInfo, tag, '8000.00');
  expect(new Decimal(large.usdAmount).plus(large.usdFeeAmount).gt('1000.00')).toBe(true);
  await signInAsDemoOperator(page);
  const before = await consoleBalances(page);

  await page.goto(`/operator/disputes/payout/${large.orderId}`);
  await page.getByRole('button', { name: 'Claim this case' }).click();
  await expect(page.getByRole('note').filter({ hasText: 'four-eyes threshold of 1000.00 USDT' })).toBeVisible();
  await page.getByLabel('Reason code (required)').selectOption('proof_valid');
  await page.getByLabel('Ruling note (required)').fill('The slip matches the recipient statement; releasing to the trader.');
  await page.getByRole('button', { name: 'Release to trader' }).click();
  await page.getByRole('group', { name: 'Confirm the ruling' }).getByRole('button', { name: 'Confirm: propose Release to trader' }).click();
  const proposal = page.getByRole('region', { name: 'Proposed ruling awaiting approval' });
  await expect(proposal).toBeVisible();
  await expect(proposal.getByRole('status')).toHaveText('Waiting for another operator to approve or reject it.');
  // The proposer is offered no approval of their own.
  await expect(page.getByRole('button', { name: 'Approve ruling' })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'This case is closed' })).toHaveCount(0);

  // The queue marks it.
  await page.goto('/operator');
  await page.getByRole('form', { name: 'Queue filters' }).getByLabel('Reason contains').fill(tag);
  const row = page.getByRole('table', { name: 'Disputes queue' }).locator('tbody tr').filter({ hasText: large.orderNo });
  await expect(row).toContainText('Awaiting approval');

  // The second operator signs in (enrolling TOTP if this is their first sign-in of the run), then opens the case.
  const approverContext = await browser.newContext();
  const approver = await approverContext.newPage();
  await signInAsSecondDemoOperator(approver);
  await approver.goto(`/operator/disputes/payout/${large.orderId}`);
  const seen = approver.getByRole('region', { name: 'Proposed ruling awaiting approval' });
  await expect(seen).toContainText('Release to trader');
  await expect(seen).toContainText(demoCredentials.operator.name);
  await expectAccessibleAndFitting(approver, 'the case with a proposal');

  // Approve asks first; Back does nothing.
  await approver.getByRole('button', { name: 'Approve ruling' }).click();
  const dialog = approver.getByRole('dialog', { name: 'Approve: Release to trader?' });
  await expect(dialog).toContainText('the money moves and the merchant is told');
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog).toBeHidden();
  await expect(approver.getByRole('status').filter({ hasText: 'This case is closed' })).toHaveCount(0);
  await approver.getByRole('button', { name: 'Approve ruling' }).click();
  await dialog.getByRole('button', { name: 'Approve: Release to trader' }).click();
  await expect(approver.getByRole('status').filter({ hasText: 'This case is closed: Completed.' })).toBeVisible();
  await expect(approver.getByRole('list', { name: 'Timeline' }).getByRole('listitem').last()).toContainText(`operator ${demoCredentials.secondOperator.name}`);
  await approverContext.close();

  const after = await consoleBalances(page);
  expect(after.traderAvailable).toBe(new Decimal(before.traderAvailable).plus(large.usdAmount).toFixed(6));
  expect(after.merchantFrozen).toBe(new Decimal(before.merchantFrozen).minus(large.usdAmount).minus(large.usdFeeAmount).toFixed(6));

  // The audit log has the proposal, the approval by the second operator and the ruling.
  await page.goto('/operator/audit');
  await page.getByLabel('Action (e.g. dispute. for a family)').fill('dispute.');
  await page.getByLabel('Target id').fill(large.orderId);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const audit = page.getByRole('table', { name: 'Audit log' });
  await expect(audit).toContainText('dispute.propose_ruling');
  await expect(audit).toContainText('dispute.approve_ruling');
  await expect(audit).toContainText('dispute.resolve_release');
});
