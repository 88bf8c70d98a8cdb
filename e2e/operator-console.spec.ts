import { randomUUID } from 'node:crypto';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { CorridorClient, CorridorTraderClient, isApiError, type ApiResponse } from '../clients/node/corridor-client';
import { demoCredentials } from '../server/demo/demo-credentials';
import { signInAsDemoOperator } from './totp-device';
import { expectAccessible } from './accessibility';

function ok<T>(response: ApiResponse<unknown>, what: string): T {
  if (isApiError(response.body)) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body.error)}`);
  return response.body as T;
}

/** A payout taken through the public APIs to DISPUTED, with a reason unique to this run. */
async function disputedPayout(testInfo: TestInfo, reason: string) {
  const baseUrl = testInfo.project.use.baseURL!;
  const merchant = new CorridorClient({ baseUrl, apiKey: demoCredentials.merchant.apiKey, apiSecret: demoCredentials.merchant.apiSecret });
  const trader = new CorridorTraderClient({ baseUrl, apiKey: demoCredentials.trader.apiKey, apiSecret: demoCredentials.trader.apiSecret });
  const merchantOrderNo = `e2e-console-${randomUUID()}`;
  const created = ok<{ orderId: string; orderNo: string }>(
    await merchant.createPayout(
      { merchantOrderNo, fiatAmount: '300.00', recipient: { holderName: 'Han Meimei', bankAccount: '6222020200119988776', bankName: 'Bank of China' } },
      merchantOrderNo,
    ),
    'create payout',
  );
  ok(await trader.acceptTask(created.orderId), 'accept');
  const png = new Uint8Array(await sharp({ create: { width: 64, height: 40, channels: 3, background: `#${randomUUID().slice(0, 6)}` } }).png().toBuffer());
  ok(await trader.submitProof(created.orderId, [{ name: 'slip.png', type: 'image/png', bytes: png }]), 'proof');
  ok(await merchant.decidePayout(created.orderNo, { decision: 'DISPUTE', reason }), 'dispute');
  return { ...created, merchantOrderNo };
}

async function signIn(page: Page) {
  await signInAsDemoOperator(page, async () => {
    // The enrolment page (first sign-in of the run): the setup link as a QR code drawn on the server.
    const qr = page.getByTestId('totp-qr');
    await expect(qr).toBeVisible();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });
}

/** No horizontal scroll: the page is no wider than the viewport. */
async function expectFitsViewport(page: Page, where: string) {
  const { scroll, viewport } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(scroll, `${where} is ${scroll}px wide in a ${viewport}px viewport`).toBeLessThanOrEqual(viewport);
}

test('find an order by number from the search box, and by direct links', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const payout = await disputedPayout(testInfo, `Search ${randomUUID().slice(0, 8)}`);
  await signIn(page);

  await page.getByRole('search').getByLabel('Search').fill(payout.orderNo.toLowerCase());
  await page.getByRole('search').getByLabel('Search').press('Enter');
  await expect(page).toHaveURL(new RegExp(`/operator/disputes/payout/${payout.orderId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Payout ${payout.orderNo}` })).toBeVisible();

  // "/" jumps to the search box; the merchant's order number lists the order with a link.
  await page.keyboard.press('/');
  await expect(page.getByRole('search').getByLabel('Search')).toBeFocused();
  await page.keyboard.type(payout.merchantOrderNo);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/operator\/search\?q=/);
  await page.getByRole('table', { name: 'Search results' }).getByRole('link', { name: payout.orderNo }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Payout ${payout.orderNo}` })).toBeVisible();

  for (const link of [`/operator/orders/${payout.orderNo}`, `/operator/disputes/payout/${payout.orderNo}`]) {
    await page.goto(link);
    await expect(page).toHaveURL(new RegExp(`/operator/disputes/payout/${payout.orderId}$`));
  }
  expect((await page.goto('/operator/orders/WD00000000000000000000'))?.status()).toBe(404);
});

test('the queue: filters, a keyboard claim, the shortcuts help, claim next and next case', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const tag = `Queue ${randomUUID().slice(0, 8)}`;
  const cases = [];
  for (let i = 0; i < 3; i += 1) cases.push(await disputedPayout(testInfo, `${tag} case ${i}`));
  await signIn(page);

  const filters = page.getByRole('form', { name: 'Queue filters' });
  await filters.getByLabel('Reason contains').fill(tag);
  await filters.getByLabel('Claim').selectOption('unclaimed');
  const rows = page.getByRole('table', { name: 'Disputes queue' }).locator('tbody tr');
  await expect(rows).toHaveCount(3);
  // Saved as a view, it is offered in the views menu.
  const saved = page.getByRole('form', { name: 'Saved views' });
  await saved.getByLabel('View name').fill(tag);
  await saved.getByRole('button', { name: 'Save view' }).click();
  await expect(saved.getByLabel('Saved view').locator('option', { hasText: tag })).toHaveCount(1);
  await expect(rows.first().getByRole('cell').nth(7)).toContainText('first response');

  // The keyboard: ? shows the help; j moves down, c claims the selected case.
  await page.locator('h1').click();
  await page.keyboard.press('?');
  await expect(page.getByRole('region', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('j');
  await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('c');
  await expect(page.getByRole('status').filter({ hasText: 'Claimed 1' })).toBeVisible();
  await expect(rows).toHaveCount(2);
  await filters.getByLabel('Claim').selectOption('mine');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('(you)');

  // Claim next opens the unclaimed case due soonest; Next case on it takes the last one.
  await filters.getByLabel('Claim').selectOption('unclaimed');
  await page.getByRole('button', { name: /Claim next/ }).click();
  await expect(page).toHaveURL(/\/operator\/disputes\/payout\//);
  await expect(page.getByRole('button', { name: 'Release claim' })).toBeVisible();
  const first = page.url();
  await page.getByRole('button', { name: /Next case/ }).click();
  await expect(page).not.toHaveURL(first);
  await expect(page.getByRole('button', { name: 'Release claim' })).toBeVisible();
  // Next case takes the unclaimed case due soonest in the whole queue, which may be another journey's.
  await expect(page.getByRole('heading', { level: 1, name: /^(Payout WD|Pay-in ORD)/ })).toBeVisible();
  expect(cases.length).toBe(3);
});

test('destructive actions ask first, naming the object; Back does nothing', async ({ page }) => {
  await signIn(page);
  await page.goto('/operator/traders');
  await page.getByRole('button', { name: `Suspend ${demoCredentials.trader.name}` }).click();
  const suspend = page.getByRole('dialog', { name: `Suspend ${demoCredentials.trader.name}?` });
  await expect(suspend).toBeVisible();
  await expect(suspend).toContainText('takes no new orders');
  await suspend.getByRole('button', { name: 'Back' }).click();
  await expect(suspend).toBeHidden();
  await expect(page.getByRole('table', { name: 'Traders' }).getByRole('row').filter({ hasText: demoCredentials.trader.name })).toContainText('active');

  const form = page.getByRole('form', { name: 'Credit or debit a trader' });
  await form.getByLabel('Trader').selectOption({ label: demoCredentials.trader.name });
  await form.getByLabel('Direction').selectOption('debit');
  await form.getByLabel('Amount (USDT)').fill('1.000000');
  await form.getByLabel('Memo').fill('e2e: not posted');
  await form.getByRole('button', { name: 'Post transfer' }).click();
  const debit = page.getByRole('dialog', { name: `Debit 1.000000 USDT from ${demoCredentials.trader.name}?` });
  await expect(debit).toBeVisible();
  await debit.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText(/^Posted /)).toHaveCount(0);

  await page.goto('/operator/merchants');
  await page.getByRole('button', { name: 'Manage' }).first().click();
  await page.getByRole('button', { name: 'Suspend merchant' }).click();
  const merchant = page.getByRole('dialog', { name: /^Suspend .+\?$/ });
  await expect(merchant).toContainText('API keys stop working');
  await page.keyboard.press('Escape');
  await expect(merchant).toBeHidden();
  await expect(page.getByRole('button', { name: 'Suspend merchant' })).toBeVisible();
});

test('a merchant created while the list is still loading appears in it', async ({ page }) => {
  await signIn(page);
  // The list's first answer is held until the merchant exists; it was read before, so it lacks it.
  let answerList = () => {};
  const listHeld = new Promise<void>((resolve) => (answerList = resolve));
  let held = false;
  await page.route('**/api/trpc/operator.merchants.list**', async (route) => {
    if (held) return route.continue();
    held = true;
    const response = await route.fetch();
    await listHeld;
    await route.fulfill({ response });
  });
  await page.goto('/operator/merchants');
  const name = `Loading Co ${randomUUID().slice(0, 8)}`;
  const create = page.getByRole('form', { name: 'Create a merchant' });
  await create.getByLabel('Name').fill(name);
  const created = page.waitForResponse((response) => response.url().includes('/api/trpc/operator.merchants.create'));
  await create.getByRole('button', { name: 'Create merchant' }).click();
  expect((await created).status()).toBe(200);
  answerList();
  await expect(page.getByRole('status').filter({ hasText: 'API secret' })).toContainText(name);
  await expect(page.getByRole('table', { name: 'Merchants' }).getByRole('row').filter({ hasText: name })).toHaveCount(1);
  await page.unrouteAll({ behavior: 'wait' });
});

test('console pages: no axe violations, and no page wider than the viewport at 412 and 1440 px', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const payout = await disputedPayout(testInfo, `Widths ${randomUUID().slice(0, 8)}`);
  await signIn(page);
  const pages = [
    '/operator',
    `/operator/disputes/payout/${payout.orderId}`,
    `/operator/search?q=${encodeURIComponent(payout.merchantOrderNo)}`,
    '/operator/stuck',
    '/operator/risk',
    '/operator/merchants',
    '/operator/traders',
    '/operator/rate',
    '/operator/audit',
    '/operator/ledger',
    '/operator/metrics',
    '/operator/security',
  ];
  for (const width of [412, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectFitsViewport(page, `${path} at ${width}px`);
      if (width === 1440) {
        await expectAccessible(page, path);
      }
    }
  }
});
