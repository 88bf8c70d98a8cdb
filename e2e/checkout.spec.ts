import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { devices, expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { CorridorClient, CorridorTraderClient, isApiError, type PayinCreated } from '../clients/node/corridor-client';
import { demoCredentials } from '../server/demo/demo-credentials';
import { expectAccessible } from './accessibility';

// The browser type is the project's; the rest of the phone applies to every test of this file.
const { defaultBrowserType: _browserType, ...pixel7 } = devices['Pixel 7'];
test.use(pixel7);

const RETURN_URL = 'https://merchant.example/done';
// The demo trader's bank account, as server/demo/seed-demo.ts seeds it.
const DEMO_BANK = { holderName: 'Zhang Wei', bankName: 'China Merchants Bank', accountNumber: '6214830012345678' };

function baseUrlOf(testInfo: TestInfo): string {
  const baseURL = testInfo.project.use.baseURL;
  if (!baseURL) throw new Error('the Playwright config sets baseURL');
  return baseURL;
}

async function createPayin(testInfo: TestInfo, fiatAmount = '100.00'): Promise<PayinCreated> {
  const merchant = new CorridorClient({ baseUrl: baseUrlOf(testInfo), apiKey: demoCredentials.merchant.apiKey, apiSecret: demoCredentials.merchant.apiSecret });
  const response = await merchant.createPayin({ merchantOrderNo: `e2e-checkout-${randomUUID()}`, fiatAmount, returnUrl: RETURN_URL });
  if (isApiError(response.body)) throw new Error(`create pay-in: ${response.status} ${JSON.stringify(response.body.error)}`);
  expect(response.status).toBe(201);
  return response.body as PayinCreated;
}

function traderClient(testInfo: TestInfo) {
  return new CorridorTraderClient({ baseUrl: baseUrlOf(testInfo), apiKey: demoCredentials.trader.apiKey, apiSecret: demoCredentials.trader.apiSecret });
}

/** payUrl carries PUBLIC_BASE_URL; the buyer here reaches the server the tests started. */
function checkoutUrl(created: PayinCreated, testInfo: TestInfo): string {
  return new URL(new URL(created.payUrl).pathname, baseUrlOf(testInfo)).href;
}

const tokenOf = (created: PayinCreated) => new URL(created.payUrl).pathname.split('/').pop() ?? '';

/** The buyer's cancel through the tRPC endpoint, to give the trader's escrow back after a test. */
async function cancelByToken(page: Page, token: string) {
  const response = await page.request.post('/api/trpc/checkout.cancel', { data: { token } });
  expect(response.ok()).toBe(true);
}

/** Every state the journeys reach is checked by axe where its picture is taken. */
async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await expectAccessible(page, `checkout: ${name}`);
  await page.screenshot({ path: path.join(testInfo.project.testDir, 'artifacts', `checkout-${name}.png`), fullPage: true });
}

/** A description list as term -> definition, for exact comparisons. */
async function terms(list: Locator): Promise<Record<string, string>> {
  const names = await list.getByRole('term').allTextContents();
  const values = await list.getByRole('definition').allTextContents();
  return Object.fromEntries(names.map((name, index) => [name.trim(), (values[index] ?? '').trim()]));
}

/** Set on the page's window: still there later means the page changed screens without a reload. */
async function markPage(page: Page) {
  await page.evaluate(() => Object.assign(window, { e2eNoReload: true }));
}

async function expectNotReloaded(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload)).toBe(true);
}

function collectCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

test('a buyer pays, and the page follows the order to completion by itself', async ({ page, context }, testInfo) => {
  const cspViolations = collectCspViolations(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrlOf(testInfo) });
  const created = await createPayin(testInfo);
  expect(created.status).toBe('PENDING_PAYMENT');

  const response = await page.goto(checkoutUrl(created, testInfo));
  expect(response?.status()).toBe(200);
  // The page holds the buyer's bearer token and the trader's bank details: never cached.
  expect(response?.headers()['cache-control']).toContain('no-store');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page).toHaveTitle('Pay Demo Merchant');
  await expect(heading(page, 'Pay by bank transfer')).toBeVisible();
  await markPage(page);

  const amount = page.getByRole('group', { name: 'Amount to pay' });
  await expect(amount.getByText(`¥${created.fiatAmount}`, { exact: true })).toBeVisible();
  // CNY only: the buyer never reads the USDT amount, the rate or the fee, nor gets them in the page's data.
  expect(await page.locator('body').innerText()).not.toContain('USDT');
  expect(await response?.text()).not.toContain(created.assetAmount);
  await expect(page.getByRole('note').filter({ hasText: 'Transfer exactly' })).toContainText(`Transfer exactly ¥${created.fiatAmount} in one single transfer.`);
  await expect(page.getByRole('timer')).toHaveText(/^1[45]:[0-5]\d$/);
  await expect(page.getByRole('list', { name: 'Payment progress' }).getByRole('listitem')).toHaveText([/Pay/, /Confirming/, /Done/]);

  const bank = page.getByRole('region', { name: 'Transfer to' });
  const bankTerms = await terms(bank);
  expect(bankTerms['Payee name']).toContain(DEMO_BANK.holderName);
  expect(bankTerms['Bank']).toContain(DEMO_BANK.bankName);
  expect(bankTerms['Account number']).toContain(DEMO_BANK.accountNumber);
  await screenshot(page, testInfo, 'pay');

  // The narrowest phones in use: nothing may need sideways scrolling.
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await screenshot(page, testInfo, 'pay-360');
  await page.setViewportSize(pixel7.viewport);
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, testInfo, 'pay-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  await bank.getByRole('button', { name: 'Copy Account number' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Account number copied' })).toHaveCount(1);
  await expect(bank.getByRole('button', { name: 'Copied Account number' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(DEMO_BANK.accountNumber);
  await page.getByRole('button', { name: 'Copy Amount' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(created.fiatAmount);

  await page.getByRole('button', { name: 'I Have Paid' }).click();
  const confirmation = page.getByRole('group', { name: 'Confirm your transfer' });
  await expect(confirmation).toBeFocused();
  await expect(confirmation).toContainText(`Have you transferred ¥${created.fiatAmount} to ${DEMO_BANK.holderName} at ${DEMO_BANK.bankName}?`);
  await screenshot(page, testInfo, 'confirm-paid');
  await confirmation.getByRole('button', { name: 'Confirm', exact: true }).click();

  await expect(heading(page, 'Payment reported, waiting for the payee to confirm')).toBeVisible();
  await expect(heading(page, 'Payment reported, waiting for the payee to confirm')).toBeFocused();
  await expect(page.getByRole('button', { name: 'Write a report' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'I Have Paid' })).toHaveCount(0);
  await screenshot(page, testInfo, 'submitted');

  const released = await traderClient(testInfo).releasePayin(created.orderId);
  expect(released.status).toBe(200);

  // No reload and no click: polling brings the page to the end.
  await expect(heading(page, 'Payment complete')).toBeVisible({ timeout: 15_000 });
  const summary = page.getByRole('region', { name: 'Payment details' });
  expect(await terms(summary)).toMatchObject({ 'Amount paid': `¥${created.fiatAmount}` });
  expect(await page.locator('body').innerText()).not.toContain('USDT');
  await expect(page.getByRole('link', { name: 'Back to Demo Merchant' })).toHaveAttribute('href', RETURN_URL);
  await expect(page.getByRole('list', { name: 'Payment progress' }).getByRole('listitem')).toHaveText([/completed/, /completed/, /completed/]);
  await expectNotReloaded(page);
  await screenshot(page, testInfo, 'completed');

  expect(cspViolations).toEqual([]);
});

test('the checkout is in English and in Chinese, switchable, and follows Accept-Language', async ({ page, browser }, testInfo) => {
  const created = await createPayin(testInfo);
  const url = checkoutUrl(created, testInfo);

  await page.goto(url);
  await expect(heading(page, 'Pay by bank transfer')).toBeVisible();
  const languages = page.getByRole('group', { name: 'Language / 语言' });
  await expect(languages).toHaveText(/^中文\s*\/\s*English$/);
  await expect(languages.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');

  await languages.getByRole('button', { name: '中文' }).click();
  await expect(heading(page, '银行转账付款')).toBeVisible();
  await expect(languages.getByRole('button', { name: '中文' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page).toHaveTitle('向 Demo Merchant 付款');
  await expect(page.getByRole('button', { name: '我已付款' })).toBeVisible();
  await expect(page.getByText('付款金额', { exact: true })).toBeVisible();
  await screenshot(page, testInfo, 'pay-zh');
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize(pixel7.viewport);

  // The choice outlives a reload.
  await page.reload();
  await expect(heading(page, '银行转账付款')).toBeVisible();

  await languages.getByRole('button', { name: 'English' }).click();
  await expect(heading(page, 'Pay by bank transfer')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  const chinese = await browser.newContext({ ...pixel7, locale: 'zh-CN', extraHTTPHeaders: { 'Accept-Language': 'zh-CN,zh;q=0.9,en;q=0.8' } });
  try {
    const chinesePage = await chinese.newPage();
    await chinesePage.goto(url);
    await expect(heading(chinesePage, '银行转账付款')).toBeVisible();
    await expect(chinesePage.getByRole('group', { name: 'Language / 语言' }).getByRole('button', { name: '中文' })).toHaveAttribute('aria-pressed', 'true');
    await expect(chinesePage.getByRole('list', { name: '付款进度' })).toBeVisible();
  } finally {
    await chinese.close();
  }
  await cancelByToken(page, tokenOf(created));
});

test('the buyer cancels, with a confirmation first', async ({ page }, testInfo) => {
  const created = await createPayin(testInfo);
  await page.goto(checkoutUrl(created, testInfo));
  await expect(heading(page, 'Pay by bank transfer')).toBeVisible();

  // Backing out returns focus to the link that asked.
  await page.getByRole('button', { name: 'Cancel payment' }).click();
  const question = page.getByRole('group', { name: 'Cancel this payment?' });
  await expect(question).toBeFocused();
  await question.getByRole('button', { name: 'Keep paying' }).click();
  await expect(page.getByRole('button', { name: 'Cancel payment' })).toBeFocused();

  await page.getByRole('button', { name: 'Cancel payment' }).click();
  await expect(question).toContainText('Do not cancel if you have already transferred the money.');
  await screenshot(page, testInfo, 'confirm-cancel');
  await question.getByRole('button', { name: 'Yes, cancel' }).click();

  await expect(heading(page, 'You cancelled this payment')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Transfer to' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to Demo Merchant' })).toHaveAttribute('href', RETURN_URL);
  await screenshot(page, testInfo, 'cancelled');

  await page.reload();
  await expect(heading(page, 'You cancelled this payment')).toBeVisible();
  const merchant = new CorridorClient({ baseUrl: baseUrlOf(testInfo), apiKey: demoCredentials.merchant.apiKey, apiSecret: demoCredentials.merchant.apiSecret });
  const detail = await merchant.getPayin(created.orderNo);
  expect(isApiError(detail.body) ? detail.body.error.code : detail.body.status).toBe('CANCELLED');
});

test('the countdown reaches zero and the page shows the expired screen without a reload, whatever the phone clock says', async ({ page }, testInfo) => {
  const created = await createPayin(testInfo);
  // A phone clock an hour slow: the countdown must still say 15 minutes, not 75.
  await page.clock.install({ time: Date.now() - 60 * 60_000 });
  await page.goto(checkoutUrl(created, testInfo));
  await expect(heading(page, 'Pay by bank transfer')).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^1[45]:[0-5]\d$/);
  await markPage(page);

  await page.clock.fastForward('16:00');
  await expect(heading(page, 'This payment has expired')).toBeVisible();
  await expect(page.getByRole('button', { name: 'I Have Paid' })).toHaveCount(0);
  // Later polls answer with the server's clock, which has not moved on: the page stays expired.
  await page.clock.fastForward('00:07');
  await expect(heading(page, 'This payment has expired')).toBeVisible();
  await expectNotReloaded(page);
  await screenshot(page, testInfo, 'expired');

  await cancelByToken(page, tokenOf(created));
});

test('a bad link says so instead of failing', async ({ page }, testInfo) => {
  for (const token of ['not-a-token', 'A'.repeat(43)]) {
    const response = await page.goto(`/pay/${token}`);
    expect(response?.status()).toBe(404);
    await expect(heading(page, 'This payment link is not valid')).toBeVisible();
    await expect(page.getByRole('button', { name: 'I Have Paid' })).toHaveCount(0);
  }
  await screenshot(page, testInfo, 'invalid');

  await page.getByRole('button', { name: '中文' }).click();
  await expect(heading(page, '此付款链接无效')).toBeVisible();
});

test('the first response is the payment itself: bank details with no script run and no second request, and no loading screen', async ({ page, browser }, testInfo) => {
  const created = await createPayin(testInfo);
  // The server's HTML alone, as a browser shows it before any script has run.
  const noScript = await browser.newContext({ ...pixel7, javaScriptEnabled: false });
  const html = await noScript.newPage();
  const response = await html.goto(checkoutUrl(created, testInfo));
  expect(response?.status()).toBe(200);
  await expect(heading(html, 'Pay by bank transfer')).toBeVisible();
  expect(await terms(html.getByRole('region', { name: 'Transfer to' }))).toMatchObject({ 'Account number': expect.stringContaining(DEMO_BANK.accountNumber) });
  await expect(html.getByRole('timer')).toHaveText(/^1[45]:[0-5]\d$/);
  await noScript.close();

  // With scripts, the page never asks for the view it was rendered with, and never shows a spinner.
  const viewRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/trpc/checkout.view')) viewRequests.push(request.url());
  });
  await page.route('**/api/trpc/checkout.view**', (route) => route.abort());
  await page.route('**/pay/*/events', (route) => route.abort());
  await page.goto(checkoutUrl(created, testInfo));
  await expect(heading(page, 'Pay by bank transfer')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.locator('.checkout-spinner')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'I Have Paid' })).toBeEnabled();
  // Past hydration (the clock ticks in the browser), still no request for the view.
  await expect(page.getByRole('timer')).not.toHaveText(await page.getByRole('timer').innerText(), { timeout: 5_000 });
  expect(viewRequests).toEqual([]);
  await page.unrouteAll({ behavior: 'wait' });
  await cancelByToken(page, tokenOf(created));
});

test('a pay-in waiting for a trader shows the search, then the bank details once matched', async ({ page }, testInfo) => {
  // Each 50,000.00 CNY pay-in escrows about 6,900 USDT of the one demo trader's 10,000.
  const held: PayinCreated[] = [];
  let queued: PayinCreated | undefined;
  for (let attempt = 0; attempt < 3 && !queued; attempt += 1) {
    const created = await createPayin(testInfo, '50000.00');
    if (created.status === 'PENDING_MATCH') queued = created;
    else held.push(created);
  }
  if (!queued) throw new Error('expected the demo trader to run out of USDT for a third 50,000.00 CNY pay-in');

  await page.goto(checkoutUrl(queued, testInfo));
  await expect(heading(page, 'Getting the payment details ready')).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^1[45]:[0-5]\d$/);
  await expect(page.getByRole('region', { name: 'Transfer to' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'I Have Paid' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel payment' })).toBeVisible();
  await screenshot(page, testInfo, 'matching');

  for (const payin of held) await cancelByToken(page, tokenOf(payin));
  if (held.length > 0) {
    // The scheduler matches queued pay-ins every few seconds; polling shows the result.
    await expect(heading(page, 'Pay by bank transfer')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'Transfer to' })).toContainText(DEMO_BANK.holderName);
  }
  await cancelByToken(page, tokenOf(queued));
  await expect(heading(page, 'You cancelled this payment')).toBeVisible({ timeout: 10_000 });
});

test('when the trader says the money never arrived, the buyer is told it is being looked into', async ({ page }, testInfo) => {
  const created = await createPayin(testInfo);
  await page.goto(checkoutUrl(created, testInfo));
  await page.getByRole('button', { name: 'I Have Paid' }).click();
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(heading(page, 'Payment reported, waiting for the payee to confirm')).toBeVisible();

  const reported = await traderClient(testInfo).reportNotReceived(created.orderId, 'Nothing arrived on the account.');
  expect(reported.status).toBe(200);
  await expect(heading(page, 'We are looking into it')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/Your money is safe/)).toBeVisible();
  await screenshot(page, testInfo, 'disputed');
});

test('a buyer in another time zone than the server: the page hydrates without a mismatch and shows times in their zone, then renders them so from the start', async ({ browser }, testInfo) => {
  const created = await createPayin(testInfo);
  const context = await browser.newContext({ ...pixel7, timezoneId: 'Asia/Shanghai' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const token = tokenOf(created);
  expect((await page.request.post('/api/trpc/checkout.markPaid', { data: { token } })).ok()).toBe(true);
  const view = (await (await page.request.get(`/api/trpc/checkout.view?input=${encodeURIComponent(JSON.stringify({ token }))}`)).json()) as { result: { data: { paymentSubmittedAt: string } } };
  const paidAt = view.result.data.paymentSubmittedAt;
  const inZone = (timeZone: string) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(paidAt));
  expect(inZone('Asia/Shanghai')).not.toBe(inZone('UTC'));

  // First visit: the server cannot know the zone and renders UTC; the browser redraws in its own.
  // Then the server knows it (the page's cookie) and renders the buyer's zone from the start.
  for (const [visit, serverZone] of [
    ['first', 'UTC'],
    ['again', 'Asia/Shanghai'],
  ] as const) {
    const response = await page.goto(checkoutUrl(created, testInfo));
    expect(await response?.text(), `${visit} visit: the server's HTML`).toContain(inZone(serverZone));
    await expect(heading(page, 'Payment reported, waiting for the payee to confirm')).toBeVisible();
    await expect.poll(async () => (await terms(page.getByRole('region', { name: 'Payment details' })))['Reported paid at']).toBe(inZone('Asia/Shanghai'));
    await page.waitForTimeout(1_000);
    expect(errors, `${visit} visit: hydration and console errors`).toEqual([]);
  }
  await context.close();
});

/**
 * States a test cannot reach in real time (the buyer may report only 15 minutes after paying; the
 * release passes PENDING_RELEASE and SETTLING inside one transaction; FAILED needs an operator):
 * the real view of a real order, with its status rewritten on the way to the page.
 */
test.describe('screens of states the test cannot wait for', () => {
  async function openAs(page: Page, testInfo: TestInfo, created: PayinCreated, patch: Record<string, unknown>) {
    await page.route('**/api/trpc/checkout.view**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { result?: { data?: Record<string, unknown> } }[];
      for (const entry of body) if (entry.result?.data) Object.assign(entry.result.data, patch);
      await route.fulfill({ response, json: body });
    });
    await page.goto(checkoutUrl(created, testInfo));
  }

  test('releasing, settling and failed', async ({ page }, testInfo) => {
    const created = await createPayin(testInfo);
    await openAs(page, testInfo, created, { status: 'PENDING_RELEASE', bank: null });
    await expect(heading(page, 'Payment confirmed, finishing up')).toBeVisible();
    await screenshot(page, testInfo, 'releasing');

    await page.unrouteAll({ behavior: 'wait' });
    await openAs(page, testInfo, created, { status: 'SETTLING', bank: null });
    await expect(heading(page, 'Settling')).toBeVisible();

    await page.unrouteAll({ behavior: 'wait' });
    await openAs(page, testInfo, created, { status: 'FAILED', bank: null });
    await expect(heading(page, 'This payment could not be completed')).toBeVisible();
    await expect(page.getByText('Please contact the merchant', { exact: false })).toBeVisible();
    await screenshot(page, testInfo, 'failed');

    await page.unrouteAll({ behavior: 'wait' });
    await cancelByToken(page, tokenOf(created));
  });

  test('the report form validates, and a refused report shows the server’s reason', async ({ page }, testInfo) => {
    const created = await createPayin(testInfo);
    await page.goto(checkoutUrl(created, testInfo));
    await page.getByRole('button', { name: 'I Have Paid' }).click();
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(heading(page, 'Payment reported, waiting for the payee to confirm')).toBeVisible();
    // The form opens on demand; "not confirmed" waits, the rest do not.
    await expect(page.getByRole('textbox', { name: 'Tell us more' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Write a report' }).click();
    await expect(page.getByRole('radio', { name: 'The payee has not confirmed my payment' })).toBeDisabled();

    const past = new Date(Date.now() - 60_000).toISOString();
    await openAs(page, testInfo, created, { canReportProblemFrom: past });
    await page.getByRole('button', { name: 'Write a report' }).click();
    const field = page.getByRole('textbox', { name: 'Tell us more' });
    await expect(field).toBeVisible();
    await expect(field).toHaveAttribute('maxlength', '500');

    await page.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Choose what happened.' })).toBeVisible();
    await page.getByRole('radio', { name: 'The payee has not confirmed my payment' }).check();
    await page.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Describe the problem before sending.' })).toBeVisible();
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    const report = 'I paid at 10:02 from Li Na’s account; the trader has not confirmed.';
    await field.fill(report);
    await expect(page.getByText(/^\d+ characters left$/)).toHaveText(`${500 - report.length} characters left`);
    await page.getByRole('button', { name: 'Send report' }).click();
    // The real server still holds the 15 minutes, so the mutation's error shows by the button.
    await expect(page.getByRole('alert').filter({ hasText: /You can report that the payee has not confirmed from/ })).toBeVisible();
    await screenshot(page, testInfo, 'report-problem');
  });
});
