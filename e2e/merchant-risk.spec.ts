import { randomUUID } from 'node:crypto';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { CorridorClient, isApiError, type ApiResponse } from '../clients/node/corridor-client';
import { expectAccessible } from './accessibility';
import { merchantOwnerWithDevice } from './merchant-owner';
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

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/** A pay-in of the merchant's, from the buyer the merchant calls `buyerId` (docs/risk.md: the buyer reference). */
const payinFrom = (merchant: CorridorClient, buyerId: string) => merchant.createPayin({ merchantOrderNo: `e2e-merchant-risk-${randomUUID()}`, fiatAmount: '300.00', metadata: { buyerId } });

test('risk: a merchant owner writes a rule, sees its back-test, switches it on, and the pay-in it blocks is refused', async ({ page, browser }, testInfo) => {
  test.setTimeout(240_000);
  await signInAsDemoOperator(page);
  const { page: owner, apiKey, apiSecret } = await merchantOwnerWithDevice(page, browser, 'Risk Co');
  const merchant = new CorridorClient({ baseUrl: baseUrlOf(testInfo), apiKey, apiSecret });
  const tag = randomUUID().slice(0, 8);
  const blockedBuyer = `e2e-buyer-${tag}`;
  const ruleName = `E2E buyer ${tag}`;

  // One pay-in from the buyer before any rule: the back-test will find it.
  ok(await payinFrom(merchant, blockedBuyer), 'create pay-in');

  // The nav leads an owner to the page; in Chinese first, with the empty state and the form.
  await owner.getByRole('button', { name: '中文', exact: true }).click();
  await owner.getByRole('navigation', { name: '商户后台' }).getByRole('link', { name: '风控规则', exact: true }).click();
  await expect(heading(owner, '风控规则')).toBeVisible();
  await expect(owner.getByText('您还没有自己的规则：您的订单只受平台规则约束。', { exact: true })).toBeVisible();
  await expect(owner.getByRole('form', { name: '新规则' }).getByRole('combobox', { name: '条件类型', exact: true })).toBeVisible();
  await expectAccessible(owner, 'the merchant risk page in Chinese');
  await owner.getByRole('button', { name: 'English', exact: true }).click();
  await expect(heading(owner, 'Risk rules')).toBeVisible();
  await expect(owner.getByText('No rules of your own yet: only the platform’s rules apply to your orders.', { exact: true })).toBeVisible();
  await expectAccessible(owner, 'the merchant risk page');

  // The form has no scope to choose: a merchant's rule is its own.
  const form = owner.getByRole('form', { name: 'New rule' });
  await expect(form.getByRole('combobox', { name: 'Merchant', exact: true })).toHaveCount(0);
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(ruleName);
  await form.getByRole('checkbox', { name: 'Payout create', exact: true }).uncheck();
  await form.getByRole('checkbox', { name: 'Pay-in create', exact: true }).check();

  // A velocity with no limit is refused, naming the field by its label; nothing is created.
  await form.getByRole('combobox', { name: 'Condition kind', exact: true }).selectOption({ label: 'Velocity' });
  await form.getByRole('button', { name: 'Create (off)', exact: true }).click();
  await expect(form.getByRole('alert')).toContainText('At most orders (optional)');
  await expect(form.getByRole('alert')).not.toContainText('VALIDATION_FAILED');
  await expect(owner.getByRole('table', { name: 'Risk rules' })).toHaveCount(0);

  // A blocklist of one buyer reference, blocking. It is created off and back-tested at once.
  await form.getByRole('combobox', { name: 'Condition kind', exact: true }).selectOption({ label: 'Blocklist' });
  await form.getByRole('combobox', { name: 'List', exact: true }).selectOption({ label: 'Buyer references' });
  await form.getByRole('textbox', { name: 'Values, one a line (names and account numbers are stored only as fingerprints)', exact: true }).fill(blockedBuyer);
  await form.getByRole('combobox', { name: 'Action', exact: true }).selectOption({ label: 'Block' });
  await form.getByRole('button', { name: 'Create (off)', exact: true }).click();
  await expect(form.getByRole('status')).toHaveText(`Rule “${ruleName}” created, switched off.`);
  const row = owner.getByRole('table', { name: 'Risk rules' }).getByRole('row').filter({ hasText: ruleName });
  await expect(row).toContainText('Blocklist: Buyer references: 1 listed');
  await expect(row).toContainText('Pay-in create');
  await expect(row).not.toContainText(blockedBuyer);
  await expect(row.getByText('Off', { exact: true })).toBeVisible();
  await expect(row.getByRole('status')).toHaveText('Pay-in create: would have matched (Block) 1 of the last 1.');
  const reference = ((await row.locator('.mono').textContent()) ?? '').trim();
  expect(reference).toMatch(/^RR-/);
  await expectAccessible(owner, 'the merchant risk page with a back-tested rule');

  // Switching a blocking rule on asks first and repeats the back-test (Back does nothing).
  await row.getByRole('button', { name: 'Switch on', exact: true }).click();
  const switchOn = owner.getByRole('dialog', { name: `Switch on “${ruleName}”?` });
  await expect(switchOn).toContainText('would have matched (Block) 1 of the last 1.');
  await switchOn.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(row.getByText('Off', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Switch on', exact: true }).click();
  await switchOn.getByRole('button', { name: 'Switch on', exact: true }).click();
  await expect(row.getByText('On', { exact: true })).toBeVisible();

  // The buyer's next pay-in is refused with the rule's reference, and nothing of what it checks; another buyer's goes through.
  const refused = await payinFrom(merchant, blockedBuyer);
  expect(refused.status).toBe(422);
  expect(isApiError(refused.body) ? refused.body.error.code : 'created').toBe('RISK_BLOCKED');
  expect(isApiError(refused.body) ? refused.body.error.message : '').toContain(reference);
  expect(JSON.stringify(refused.body)).not.toContain(blockedBuyer);
  ok(await payinFrom(merchant, `e2e-other-${tag}`), 'create another buyer’s pay-in');

  // The page in Chinese shows the rule switched on; switched off again (no confirmation to stop a rule), so nothing else meets it.
  await owner.getByRole('button', { name: '中文', exact: true }).click();
  const zhRow = owner.getByRole('table', { name: '风控规则' }).getByRole('row').filter({ hasText: ruleName });
  await expect(zhRow).toContainText('黑名单: 买家标识：已列 1 项');
  await expect(zhRow.getByText('开启', { exact: true }).first()).toBeVisible();
  await expectAccessible(owner, 'the merchant risk page with a rule, in Chinese');
  await owner.getByRole('button', { name: 'English', exact: true }).click();
  await row.getByRole('button', { name: 'Switch off', exact: true }).click();
  await expect(row.getByText('Off', { exact: true })).toBeVisible();
  ok(await payinFrom(merchant, blockedBuyer), 'create the buyer’s pay-in once the rule is off');
  await owner.context().close();
});
