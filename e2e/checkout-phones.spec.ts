import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { devices, expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { CorridorClient, CorridorTraderClient, isApiError, type PayinCreated } from '../clients/node/corridor-client';
import { demoCredentials } from '../server/demo/demo-credentials';
import { signInAsDemoOperator } from './totp-device';
import { expectAccessible } from './accessibility';

/**
 * The buyer's checkout on the phones people pay with (issue 19): the first screen holds all that
 * paying needs, the page is the merchant's (no Corridor chrome), in the buyer's language, light,
 * accessible, and live without polling; the payer's name, memo code and receipts reach the people
 * who need them.
 */

const { defaultBrowserType: _se, ...iPhoneSE } = devices['iPhone SE'];
const { defaultBrowserType: _13, ...iPhone13 } = devices['iPhone 13'];
const { defaultBrowserType: _p7, ...pixel7 } = devices['Pixel 7'];
// The sizes: the browser's visible area of each phone, not its screen.
const phones = [
  { name: 'iPhone SE', device: { ...iPhoneSE, viewport: { width: 375, height: 568 } } },
  { name: 'iPhone 13', device: { ...iPhone13, viewport: { width: 390, height: 664 } } },
  { name: 'Pixel 7', device: { ...pixel7, viewport: { width: 412, height: 839 } } },
] as const;

const words = {
  en: { htmlLang: 'en', acceptLanguage: 'en-US,en;q=0.9', title: 'Pay Demo Merchant', heading: 'Pay by bank transfer', amount: 'Amount to pay', paid: 'I Have Paid', bank: 'Transfer to', holder: 'Payee name', bankName: 'Bank', account: 'Account number', copy: 'Copy', invalid: 'This payment link is not valid' },
  zh: { htmlLang: 'zh-CN', acceptLanguage: 'zh-CN,zh;q=0.9', title: '向 Demo Merchant 付款', heading: '银行转账付款', amount: '付款金额', paid: '我已付款', bank: '收款账户', holder: '收款人姓名', bankName: '开户银行', account: '银行卡号', copy: '复制', invalid: '此付款链接无效' },
} as const;

function baseUrlOf(testInfo: TestInfo): string {
  const baseURL = testInfo.project.use.baseURL;
  if (!baseURL) throw new Error('the Playwright config sets baseURL');
  return baseURL;
}

const merchantClient = (testInfo: TestInfo) =>
  new CorridorClient({ baseUrl: baseUrlOf(testInfo), apiKey: demoCredentials.merchant.apiKey, apiSecret: demoCredentials.merchant.apiSecret });
const traderClient = (testInfo: TestInfo) =>
  new CorridorTraderClient({ baseUrl: baseUrlOf(testInfo), apiKey: demoCredentials.trader.apiKey, apiSecret: demoCredentials.trader.apiSecret });

async function createPayin(testInfo: TestInfo, fiatAmount = '100.00'): Promise<PayinCreated> {
  const response = await merchantClient(testInfo).createPayin({ merchantOrderNo: `e2e-phones-${randomUUID()}`, fiatAmount, returnUrl: 'https://merchant.example/done' });
  if (isApiError(response.body)) throw new Error(`create pay-in: ${response.status} ${JSON.stringify(response.body.error)}`);
  return response.body as PayinCreated;
}

const pathOf = (created: PayinCreated) => new URL(created.payUrl).pathname;
const tokenOf = (created: PayinCreated) => pathOf(created).split('/').pop() ?? '';

async function cancelByToken(page: Page, token: string) {
  const response = await page.request.post('/api/trpc/checkout.cancel', { data: { token } });
  expect(response.ok()).toBe(true);
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: path.join(testInfo.project.testDir, 'artifacts', `checkout-phones-${name}.png`) });
}

/** None of the developer site's header, navigation or footer. */
async function expectNoSiteChrome(page: Page) {
  await expect(page.locator('.site-header, .site-footer')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByText('npm install', { exact: false })).toHaveCount(0);
  await expect(page.getByText('Secured by Corridor').or(page.getByText('由 Corridor 提供安全支付'))).toHaveCount(1);
}

async function phoneContext(browser: Browser, device: (typeof phones)[number]['device'], lang: keyof typeof words) {
  return browser.newContext({ ...device, locale: words[lang].htmlLang, extraHTTPHeaders: { 'Accept-Language': words[lang].acceptLanguage } });
}

for (const phone of phones) {
  for (const lang of ['en', 'zh'] as const) {
    test(`${phone.name}, ${lang}: everything needed to pay is on the first screen, in the merchant's page`, async ({ browser }, testInfo) => {
      const w = words[lang];
      const created = await createPayin(testInfo);
      const context = await phoneContext(browser, phone.device, lang);
      try {
        const page = await context.newPage();
        const response = await page.goto(new URL(pathOf(created), baseUrlOf(testInfo)).href);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1, name: w.heading })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', w.htmlLang);
        await expect(page).toHaveTitle(w.title);
        await expectNoSiteChrome(page);

        const { height, width } = phone.device.viewport;
        const amount = page.getByRole('group', { name: w.amount });
        const bank = page.getByRole('region', { name: w.bank });
        const sticky = page.getByRole('button', { name: w.paid });
        const required = {
          amount: amount.getByText(`¥${created.fiatAmount}`, { exact: true }),
          'amount copy': amount.getByRole('button', { name: `${w.copy} ${lang === 'en' ? 'Amount' : '金额'}` }),
          'payee name': bank.getByRole('definition').filter({ hasText: 'Zhang Wei' }),
          bank: bank.getByRole('definition').filter({ hasText: 'China Merchants Bank' }),
          'account number': bank.getByRole('definition').filter({ hasText: '6214' }),
          'account copy': bank.getByRole('button', { name: `${w.copy} ${w.account}` }),
          'time left': page.getByRole('timer'),
        };
        const button = await sticky.boundingBox();
        expect(button, 'the I Have Paid button has a box').not.toBeNull();
        // Sticky: on the first screen, at its bottom edge.
        expect(button!.y + button!.height).toBeLessThanOrEqual(height);
        expect(button!.y).toBeGreaterThan(height / 2);
        for (const [name, locator] of Object.entries(required)) {
          const box = await locator.boundingBox();
          expect(box, `${name} has a box`).not.toBeNull();
          expect(box!.y, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
          // Not hidden under the sticky button either.
          expect(box!.y + box!.height, `${name} ends above "${w.paid}" (y=${button!.y}) on a ${width}x${height} screen`).toBeLessThanOrEqual(button!.y);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        // Plain words, and CNY only: no jargon, no USDT.
        const visible = await page.locator('body').innerText();
        expect(visible).not.toMatch(/trader|operator|escrow|USDT|交易员|承兑商|托管/i);
        await screenshot(page, testInfo, `${phone.name.replace(/ /g, '-')}-${lang}`);
        await expectAccessible(page, `the pay screen, ${phone.name}, ${lang}`);

        // The sticky button stays in reach while the buyer scrolls to the details.
        await page.mouse.wheel(0, 400);
        await expect(sticky).toBeInViewport();
      } finally {
        await context.close();
      }
      const cleanup = await browser.newPage();
      await cleanup.goto(baseUrlOf(testInfo));
      await cancelByToken(cleanup, tokenOf(created));
      await cleanup.close();
    });
  }
}

test('a bad or unknown link is a real 404, in the buyer’s language and without site chrome', async ({ browser }, testInfo) => {
  for (const lang of ['en', 'zh'] as const) {
    const context = await phoneContext(browser, phones[0].device, lang);
    try {
      const page = await context.newPage();
      for (const token of ['not-a-token', 'A'.repeat(43)]) {
        const response = await page.goto(new URL(`/pay/${token}`, baseUrlOf(testInfo)).href);
        expect(response?.status()).toBe(404);
        await expect(page.getByRole('heading', { level: 1, name: words[lang].invalid })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', words[lang].htmlLang);
        await expectNoSiteChrome(page);
      }
      await expectAccessible(page, `the invalid link page, ${lang}`);
    } finally {
      await context.close();
    }
  }
});

test('the pay page weighs less than 200 KB over the wire', async ({ browser }, testInfo) => {
  const created = await createPayin(testInfo);
  const context = await browser.newContext({ ...pixel7 });
  const page = await context.newPage();
  const sizes: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    // The event stream stays open; its bytes are not the page's.
    if (request.url().endsWith('/events')) return;
    sizes.push(request.sizes().then((size) => size.responseBodySize + size.responseHeadersSize));
  });
  await page.goto(new URL(pathOf(created), baseUrlOf(testInfo)).href);
  await expect(page.getByRole('button', { name: 'I Have Paid' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const total = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
  testInfo.annotations.push({ type: 'page weight', description: `${(total / 1024).toFixed(1)} KB over ${sizes.length} responses` });
  console.log(`/pay page weight: ${(total / 1024).toFixed(1)} KB over ${sizes.length} responses`);
  expect(total).toBeLessThan(200 * 1024);
  await cancelByToken(page, tokenOf(created));
  await context.close();
});

async function slip(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: colour } }).png().toBuffer();
}

async function trpcOk<T>(page: Page, procedure: string, input: unknown, method: 'query' | 'mutation'): Promise<T> {
  const response =
    method === 'query'
      ? await page.request.get(`/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`)
      : await page.request.post(`/api/trpc/${procedure}`, { data: input });
  expect(response.ok(), `${procedure}: ${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

test('a buyer who cancels is told they cancelled', async ({ browser }, testInfo) => {
  const created = await createPayin(testInfo);
  const context = await phoneContext(browser, phones[0].device, 'zh');
  try {
    const page = await context.newPage();
    await page.goto(new URL(pathOf(created), baseUrlOf(testInfo)).href);
    await page.getByRole('button', { name: '取消付款' }).click();
    await page.getByRole('button', { name: '确认取消' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '您已取消此付款' })).toBeVisible();
    await expectAccessible(page, 'the cancelled screen');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: '您已取消此付款' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('payer name, memo code and receipts reach the trader and the operator; the status is live without polling', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const operator = await browser.newPage();
  // Last in the file, on a warm server: the operator's first sign-in also enrols the second factor.
  await signInAsDemoOperator(operator);
  const merchants = await trpcOk<{ id: string; name: string }[]>(operator, 'operator.merchants.list', {}, 'query');
  const demo = merchants.find((merchant) => merchant.name === demoCredentials.merchant.name);
  if (!demo) throw new Error('the demo merchant is seeded');
  const demoMerchant = { merchantId: demo.id };
  const before = await trpcOk<{ checkoutDisplayName: string | null; checkoutAccentColor: string | null; askPayerName: boolean }>(
    operator,
    'operator.merchants.checkout',
    { merchantId: demoMerchant.merchantId },
    'query',
  );
  // A pale accent: the page must pick dark text for it (axe checks the contrast).
  await trpcOk(operator, 'operator.merchants.updateCheckout', { merchantId: demoMerchant.merchantId, settings: { checkoutDisplayName: 'Demo Shop', checkoutAccentColor: '#ffd400', askPayerName: true } }, 'mutation');

  const buyerContext = await browser.newContext({ ...pixel7 });
  const traderContext = await browser.newContext({ ...pixel7 });
  try {
    const created = await createPayin(testInfo, '188.00');
    const buyer = await buyerContext.newPage();
    await buyer.goto(new URL(pathOf(created), baseUrlOf(testInfo)).href);
    await expect(buyer).toHaveTitle('Pay Demo Shop');
    await expect(buyer.locator('.checkout-brand')).toContainText('Demo Shop');
    expect(await buyer.locator('.checkout-brand').evaluate((element) => getComputedStyle(element).color)).toBe('rgb(0, 0, 0)');
    const memoRow = buyer.locator('.checkout-copy-row').filter({ has: buyer.getByRole('term').filter({ hasText: 'Transfer memo' }) });
    const reference = ((await memoRow.locator('.checkout-copy-value').textContent()) ?? '').trim();
    expect(reference).toMatch(/^[A-Z2-9]{6}$/);
    await expectAccessible(buyer, 'the pay screen in the merchant’s colours');

    await buyer.getByRole('button', { name: 'I Have Paid' }).click();
    const confirmation = buyer.getByRole('group', { name: 'Confirm your transfer' });
    await expect(confirmation).toContainText(`Your memo code: ${reference}`);
    await confirmation.getByLabel('Name on the account you paid from (optional)').fill('Li Na');
    await expectAccessible(buyer, 'the I Have Paid confirmation');
    await confirmation.getByRole('button', { name: 'Confirm', exact: true }).click();
    const waiting = buyer.getByRole('heading', { level: 1, name: 'Payment reported, waiting for the payee to confirm' });
    await expect(waiting).toBeVisible();

    // Receipts right away: no 15-minute wait for them.
    const receipts = buyer.getByRole('form', { name: 'Screenshots of your transfer' });
    await receipts.getByRole('button', { name: 'Attach' }).click();
    await expect(receipts.getByRole('alert')).toHaveText('Choose at least one image first.');
    await receipts.getByLabel(/Choose up to 3 images/).setInputFiles([
      { name: 'receipt-1.png', mimeType: 'image/png', buffer: await slip('#1f7a3a') },
      { name: 'receipt-2.png', mimeType: 'image/png', buffer: await slip('#7a1f3a') },
    ]);
    await receipts.getByRole('button', { name: 'Attach' }).click();
    await expect(receipts.getByRole('status')).toHaveText('2 screenshots attached.');
    await expect(receipts.getByLabel(/Choose up to 1 image /)).toBeVisible();
    await expectAccessible(buyer, 'the waiting screen with receipts');

    // The trader's pay-in card tells this pay-in apart by memo code and payer name.
    const trader = await traderContext.newPage();
    await trader.goto('/sign-in?next=%2Ftrader%2Fpayins');
    await trader.getByLabel('Email').fill(demoCredentials.trader.email);
    await trader.getByLabel('Password').fill(demoCredentials.trader.password);
    await trader.getByRole('button', { name: 'Sign in' }).click();
    const card = trader.getByRole('article').filter({ hasText: created.orderNo });
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(card.getByTestId('payin-reference')).toHaveText(reference);
    await expect(card).toContainText('from Li Na');

    // Live: the stream is open, so the page does not poll while it waits...
    const views: string[] = [];
    buyer.on('request', (request) => {
      if (request.url().includes('checkout.view')) views.push(request.url());
    });
    await buyer.waitForTimeout(7_000);
    expect(views.length, 'checkout.view requests in 7 s of waiting (polling would make 2 or more)').toBeLessThanOrEqual(1);
    // ...and still shows the trader's report at once, without a reload.
    const reported = await traderClient(testInfo).reportNotReceived(created.orderId, 'Nothing arrived on the account.');
    expect(reported.status).toBe(200);
    await expect(buyer.getByRole('heading', { level: 1, name: 'We are looking into it' })).toBeVisible({ timeout: 10_000 });
    await expectAccessible(buyer, 'the disputed screen');

    // The operator's case shows the buyer's receipts.
    await operator.goto(`/operator/disputes/payin/${created.orderId}`);
    const buyerImages = operator.getByRole('list', { name: 'Evidence images from the buyer' });
    await expect(buyerImages).toBeVisible();
    await expect(buyerImages.getByRole('listitem')).toHaveCount(2);
    await screenshot(operator, testInfo, 'operator-case');
  } finally {
    await trpcOk(
      operator,
      'operator.merchants.updateCheckout',
      { merchantId: demoMerchant.merchantId, settings: { checkoutDisplayName: before.checkoutDisplayName ?? '', checkoutAccentColor: before.checkoutAccentColor ?? '', askPayerName: before.askPayerName } },
      'mutation',
    );
    await buyerContext.close();
    await traderContext.close();
    await operator.close();
  }
});
