import { randomUUID } from 'node:crypto';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { CorridorClient, isApiError, type ApiResponse } from '../clients/node/corridor-client';
import { demoCredentials } from '../server/demo/demo-credentials';
import { expectAccessible } from './accessibility';
import { signInAsDemoOperator } from './totp-device';

function baseUrlOf(testInfo: TestInfo): string {
  const baseURL = testInfo.project.use.baseURL;
  if (!baseURL) throw new Error('the Playwright config sets baseURL');
  return baseURL;
}

function ok<T>(response: ApiResponse<unknown>, what: string): T {
  if (isApiError(response.body)) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body.error)}`);
  return response.body as T;
}

const rulesTable = (page: Page) => page.getByRole('table', { name: 'Risk rules' });
const queue = (page: Page) => page.getByRole('table', { name: 'Held orders' });

/** A payout from the demo merchant to `holderName`, through the merchant API. */
async function payoutTo(merchant: CorridorClient, holderName: string) {
  const merchantOrderNo = `e2e-risk-${randomUUID()}`;
  return ok<{ orderId: string; orderNo: string; status: string }>(
    await merchant.createPayout({ merchantOrderNo, fiatAmount: '700.00', recipient: { holderName, bankAccount: '6222020200112233445', bankName: 'Bank of China' } }, merchantOrderNo),
    'create payout',
  );
}

test('risk: an operator writes a rule, back-tests it, switches it on, and decides on the payouts it holds', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const merchant = new CorridorClient({ baseUrl: baseUrlOf(testInfo), apiKey: demoCredentials.merchant.apiKey, apiSecret: demoCredentials.merchant.apiSecret });
  const ruleName = `E2E names ${randomUUID().slice(0, 8)}`;
  const heldName = `Held Person ${randomUUID().slice(0, 8)}`;

  await signInAsDemoOperator(page);
  await page.getByRole('navigation', { name: 'Operator console' }).getByRole('link', { name: 'Risk' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Risk rules' })).toBeVisible();
  await expectAccessible(page, 'the risk page');

  // A rule for the demo merchant: payouts to this name are held for review. It starts off.
  const form = page.getByRole('form', { name: 'New rule' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(ruleName);
  await form.getByRole('combobox', { name: 'Merchant', exact: true }).selectOption({ label: demoCredentials.merchant.name });
  await form.getByRole('combobox', { name: 'Condition kind', exact: true }).selectOption({ label: 'Blocklist' });
  await form.getByRole('combobox', { name: 'List', exact: true }).selectOption({ label: 'Names' });
  await form.getByLabel('Values, one a line (names and account numbers are stored only as fingerprints)').fill(heldName);
  await form.getByRole('combobox', { name: 'Action', exact: true }).selectOption({ label: 'Hold for review' });
  await form.getByRole('button', { name: 'Create (off)' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Rule “${ruleName}” created, switched off.` })).toBeVisible();
  const row = rulesTable(page).getByRole('row').filter({ hasText: ruleName });
  await expect(row).toContainText('Names: 1 listed');
  await expect(row).not.toContainText(heldName);
  await expect(row).toContainText('Off');

  // The back-test over history: nobody was ever paid under this name.
  await row.getByRole('button', { name: 'Back-test' }).click();
  await expect(row.getByRole('status')).toContainText('would have matched (Hold for review) 0 of the last');

  // Switched on after a confirmation (Back first: it does nothing).
  await row.getByRole('button', { name: 'Switch on' }).click();
  const switchOn = page.getByRole('dialog', { name: `Switch on “${ruleName}”?` });
  await switchOn.getByRole('button', { name: 'Back' }).click();
  await expect(row).toContainText('Off');
  await row.getByRole('button', { name: 'Switch on' }).click();
  await switchOn.getByRole('button', { name: 'Switch on' }).click();
  await expect(row).toContainText('On');

  // Two payouts to the name: both created, both held.
  const rejected = await payoutTo(merchant, heldName);
  const approved = await payoutTo(merchant, heldName);
  expect([rejected.status, approved.status]).toEqual(['PENDING_MATCH', 'PENDING_MATCH']);
  await page.reload();
  await expect(queue(page)).toContainText(rejected.orderNo);
  await expect(queue(page)).toContainText(ruleName);
  await expectAccessible(page, 'the risk page with held orders');

  // Reject needs a reason, then a confirmation; the payout is cancelled.
  const rejectRow = queue(page).getByRole('row').filter({ hasText: rejected.orderNo });
  await rejectRow.getByRole('button', { name: 'Reject and cancel' }).click();
  await expect(rejectRow.getByRole('alert')).toContainText('Write a reason first');
  await rejectRow.getByLabel(`Reason for ${rejected.orderNo}`).fill('The recipient is on a fraud report.');
  await rejectRow.getByRole('button', { name: 'Reject and cancel' }).click();
  await page.getByRole('dialog', { name: `Reject and cancel ${rejected.orderNo}?` }).getByRole('button', { name: 'Reject and cancel' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${rejected.orderNo}: rejected and cancelled.` })).toBeVisible();
  await expect(queue(page)).not.toContainText(rejected.orderNo);
  expect(ok<{ status: string }>(await merchant.getPayout(rejected.orderNo), 'get payout').status).toBe('CANCELLED');

  // Approve: the payout stays PENDING_MATCH and is now offered to traders.
  const approveRow = queue(page).getByRole('row').filter({ hasText: approved.orderNo });
  await approveRow.getByLabel(`Reason for ${approved.orderNo}`).fill('Checked with the merchant by phone.');
  await approveRow.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog', { name: `Approve ${approved.orderNo}?` }).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${approved.orderNo}: approved.` })).toBeVisible();
  await expect(page.getByText('No held orders.')).toBeVisible();

  // Switched off again, so later journeys meet no rule; the page reads in Chinese too.
  await row.getByRole('button', { name: 'Switch off' }).click();
  await page.getByRole('dialog', { name: `Switch off “${ruleName}”?` }).getByRole('button', { name: 'Switch off' }).click();
  await expect(row).toContainText('Off');
  await page.getByRole('group', { name: 'Language / 语言' }).getByRole('button', { name: '中文' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '风控规则' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '审核队列' })).toBeVisible();
  await page.getByRole('group', { name: 'Language / 语言' }).getByRole('button', { name: 'English' }).click();
});
