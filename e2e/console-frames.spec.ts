import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Locator, type Page, type TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { CorridorClient, CorridorTraderClient, isApiError, type ApiResponse } from '../clients/node/corridor-client';
import { demoCredentials } from '../server/demo/demo-credentials';
import { expectAccessible } from './accessibility';
import { invitationLinkFor } from './invitation-link';
import { enrolOnPage, signInAsDemoOperator } from './totp-device';

/**
 * The three consoles in their own frames (docs/architecture.md, "Page families"), on a small phone
 * and a laptop: no developer site header or footer, the sections reachable, the page's content on
 * its first screen, nothing wider than the screen, amounts with thousands separators, and no word
 * broken in the middle in the sections or a table's headings.
 */

const viewports = [
  { width: 375, height: 568 },
  { width: 1440, height: 900 },
] as const;
const PASSWORD = 'a long console password';

function ok<T>(response: ApiResponse<unknown>, what: string): T {
  if (isApiError(response.body)) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body.error)}`);
  return response.body as T;
}

/** The frame's promises, on the page as it shows now. */
async function expectConsoleFrame(page: Page, nav: Locator, firstContent: Locator, where: string) {
  await expect(page.locator('.site-header, .site-footer')).toHaveCount(0);
  await expect(nav).toBeVisible();
  await expect(firstContent, `${where}: the first content on the first screen`).toBeInViewport();
  const widths = await page.evaluate(() => ({ scroll: document.scrollingElement?.scrollWidth ?? 0, viewport: window.innerWidth }));
  expect(widths.scroll, `${where} is ${widths.scroll}px wide in a ${widths.viewport}px viewport`).toBeLessThanOrEqual(widths.viewport);
  expect(await brokenWords(page, '.console-nav a, .trader-nav a, th'), `${where}: words broken across lines`).toEqual([]);
  await expectAccessible(page, where);
}

/**
 * The words (runs of non-space) of the matched elements that the browser laid out over more than
 * one line: "Payo/ut" or "USD/T" would be one word with two line boxes.
 */
function brokenWords(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const broken: string[] = [];
    for (const element of document.querySelectorAll(selector)) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  }, selector);
}

/** A payout of the demo merchant taken through the public APIs to DISPUTED, so the operator's queue has a case. */
async function disputedPayout(testInfo: TestInfo) {
  const baseUrl = testInfo.project.use.baseURL!;
  const merchant = new CorridorClient({ baseUrl, apiKey: demoCredentials.merchant.apiKey, apiSecret: demoCredentials.merchant.apiSecret });
  const trader = new CorridorTraderClient({ baseUrl, apiKey: demoCredentials.trader.apiKey, apiSecret: demoCredentials.trader.apiSecret });
  const merchantOrderNo = `e2e-frames-${randomUUID()}`;
  const created = ok<{ orderId: string; orderNo: string }>(
    await merchant.createPayout({ merchantOrderNo, fiatAmount: '1234.00', recipient: { holderName: 'Han Meimei', bankAccount: '6222020200119988776', bankName: 'Bank of China' } }, merchantOrderNo),
    'create payout',
  );
  ok(await trader.acceptTask(created.orderId), 'accept');
  const png = new Uint8Array(await sharp({ create: { width: 64, height: 40, channels: 3, background: `#${randomUUID().slice(0, 6)}` } }).png().toBuffer());
  ok(await trader.submitProof(created.orderId, [{ name: 'slip.png', type: 'image/png', bytes: png }]), 'proof');
  ok(await merchant.decidePayout(created.orderNo, { decision: 'DISPUTE', reason: 'Frames journey' }), 'dispute');
  return created;
}

test('the operator console: its own frame, the first case on a phone’s first screen, amounts grouped', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await disputedPayout(testInfo);
  await signInAsDemoOperator(page);
  const nav = page.getByRole('navigation', { name: 'Operator console' });
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await page.goto('/operator');
    const where = `/operator at ${viewport.width}x${viewport.height}`;
    const queue = page.getByRole('table', { name: 'Disputes queue' });
    await expect(queue.getByRole('row').nth(1)).toBeVisible();
    await expectConsoleFrame(page, nav, queue.getByRole('row').nth(1), where);
    await expect(queue).toContainText('1,234.00 CNY');
    await expect(page.getByRole('region', { name: 'Disputes queue' })).toHaveAttribute('tabindex', '0');

    // The sections are usable: another one opens from the nav, in the same frame.
    await nav.getByRole('link', { name: 'Traders' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Traders' })).toBeVisible();
    await expectConsoleFrame(page, nav, page.getByRole('heading', { level: 1, name: 'Traders' }), `/operator/traders at ${viewport.width}x${viewport.height}`);
    await page.screenshot({ path: testInfo.outputPath(`operator-${viewport.width}.png`) });
  }

  // Sign-out sits behind the account button of the top bar.
  await page.locator('.console-account > summary').click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
});

/** A merchant of its own, funded, with an owner who joined and enrolled, and a payout made through the API. */
async function merchantOwner(page: Page, browser: Browser, testInfo: TestInfo): Promise<Page> {
  const tag = randomUUID().slice(0, 8);
  const merchantName = `Frames Co ${tag}`;
  const owner = { name: 'Fay Frames', email: `frames-owner-${tag}@example.com` };
  await signInAsDemoOperator(page);
  await page.goto('/operator/merchants');
  const create = page.getByRole('form', { name: 'Create a merchant' });
  await create.getByLabel('Name').fill(merchantName);
  await create.getByRole('button', { name: 'Create merchant' }).click();
  const created = page.getByRole('status').filter({ hasText: 'API secret' });
  const apiKey = ((await created.getByText(/^API key: /).textContent()) ?? '').replace('API key: ', '').trim();
  const apiSecret = ((await created.getByText(/^API secret: /).textContent()) ?? '').replace('API secret: ', '').trim();
  const merchants = (await (await page.request.get(`/api/trpc/operator.merchants.list?input=${encodeURIComponent('{}')}`)).json()) as { result: { data: { id: string; name: string }[] } };
  const merchantId = merchants.result.data.find((m) => m.name === merchantName)?.id ?? '';
  const credit = await page.request.post('/api/trpc/operator.traders.adjustBalance', {
    data: { owner: { type: 'merchant', id: merchantId }, direction: 'credit', amount: '25000.000000', memo: 'Frames journey funding' },
  });
  expect(credit.status()).toBe(200);
  await page.getByRole('button', { name: `Manage ${merchantName}` }).click();
  const ownerForm = page.getByRole('form', { name: 'Invite the first owner' });
  await ownerForm.getByLabel('Owner email').fill(owner.email);
  await ownerForm.getByRole('button', { name: 'Create owner invitation' }).click();
  const link = await invitationLinkFor(page, owner.email);

  const merchant = new CorridorClient({ baseUrl: testInfo.project.use.baseURL!, apiKey, apiSecret });
  const merchantOrderNo = `e2e-frames-${tag}`;
  ok(await merchant.createPayout({ merchantOrderNo, fiatAmount: '12345.00', recipient: { holderName: 'Li Lei', bankAccount: '6222020200112233445', bankName: 'Bank of China' } }, merchantOrderNo), 'create payout');

  const ownerPage = await (await browser.newContext()).newPage();
  await ownerPage.goto(link);
  await ownerPage.getByLabel('Your name').fill(owner.name);
  await ownerPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await ownerPage.getByLabel('Repeat the password').fill(PASSWORD);
  await ownerPage.getByRole('button', { name: 'Join the team' }).click();
  await ownerPage.getByRole('link', { name: 'Sign in' }).click();
  await ownerPage.getByLabel('Email').fill(owner.email);
  await ownerPage.getByLabel('Password').fill(PASSWORD);
  await ownerPage.getByRole('button', { name: 'Sign in' }).click();
  await enrolOnPage(ownerPage, 'Confirm and open the console');
  await expect(ownerPage).toHaveURL(/\/merchant$/);
  return ownerPage;
}

test('the merchant console: its own frame in either language, the overview on a phone’s first screen, tables that scroll inside themselves', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const owner = await merchantOwner(page, browser, testInfo);
  for (const [lang, words] of [
    ['en', { nav: 'Merchant console', overview: 'Overview', payouts: 'Payouts', html: 'en' }],
    ['zh', { nav: '商户后台', overview: '概览', payouts: '代付', html: 'zh-CN' }],
  ] as const) {
    if (lang === 'zh') {
      await owner.getByRole('button', { name: '中文' }).click();
      await expect(owner.locator('html')).toHaveAttribute('lang', 'zh-CN');
    }
    const nav = owner.getByRole('navigation', { name: words.nav });
    for (const viewport of viewports) {
      await owner.setViewportSize(viewport);
      await owner.goto('/merchant');
      const where = `/merchant (${lang}) at ${viewport.width}x${viewport.height}`;
      await expect(owner.locator('html')).toHaveAttribute('lang', words.html);
      await expect(owner.getByRole('heading', { level: 1, name: words.overview })).toBeVisible();
      await expectConsoleFrame(owner, nav, owner.getByRole('heading', { level: 1, name: words.overview }), where);
      await expect(owner.getByTestId('balance-available')).toHaveText(/^\d{1,3}(,\d{3})+\.\d{2,6} USDT$/);

      await nav.getByRole('link', { name: words.payouts, exact: true }).click();
      await expect(owner.getByRole('heading', { level: 1, name: words.payouts })).toBeVisible();
      const table = owner.getByRole('table');
      await expect(table).toContainText('12,345.00');
      await expectConsoleFrame(owner, nav, owner.getByRole('heading', { level: 1, name: words.payouts }), `/merchant/payouts (${lang}) at ${viewport.width}x${viewport.height}`);
      await owner.screenshot({ path: testInfo.outputPath(`merchant-${lang}-${viewport.width}.png`) });
    }
  }
});

test('the trader dashboard: its own frame, no developer site around it', async ({ page }, testInfo) => {
  await page.goto('/sign-in?next=%2Ftrader');
  await page.getByLabel('Email').fill(demoCredentials.trader.email);
  await page.getByLabel('Password').fill(demoCredentials.trader.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    for (const [path, title] of [
      ['/trader', 'Overview'],
      ['/trader/ledger', 'Ledger'],
    ] as const) {
      await page.goto(path);
      const heading = page.getByRole('heading', { level: 1, name: title });
      await expect(heading).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expectConsoleFrame(page, nav, heading, `${path} at ${viewport.width}x${viewport.height}`);
    }
    await page.screenshot({ path: testInfo.outputPath(`trader-${viewport.width}.png`) });
  }
});

test('an address nothing serves is a 404 in the developer site’s frame', async ({ page }) => {
  const response = await page.goto('/no-such-page-anywhere');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.locator('.site-header')).toHaveCount(1);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expectAccessible(page);
});
