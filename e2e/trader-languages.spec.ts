import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { devices, expect, test, type Browser, type BrowserContextOptions, type Page, type TestInfo } from '@playwright/test';
import { CorridorClient, CorridorTraderClient, isApiError, type PayinCreated, type PayoutCreated } from '../clients/node/corridor-client';
import { demoCredentials } from '../server/demo/demo-credentials';
import { expectAccessible } from './accessibility';

// The trader dashboard in Chinese and English, on a desktop and on the phones traders use.

const { defaultBrowserType: _pixel, ...pixel7 } = devices['Pixel 7'];
const { defaultBrowserType: _iphone, ...iphoneSE } = devices['iPhone SE'];
const viewports: { name: string; options: BrowserContextOptions }[] = [
  { name: 'desktop', options: { viewport: { width: 1280, height: 800 } } },
  { name: 'Pixel 7', options: pixel7 },
  { name: 'iPhone SE', options: iphoneSE },
];
const languages = {
  zh: { locale: 'zh-CN', extraHTTPHeaders: { 'Accept-Language': 'zh-CN,zh;q=0.9,en;q=0.8' } },
  en: { locale: 'en-GB', extraHTTPHeaders: { 'Accept-Language': 'en-GB,en;q=0.9' } },
} as const;

const PAGES = ['/trader', '/trader/pool', '/trader/payouts', '/trader/payins', '/trader/notifications', '/trader/quotes', '/trader/ledger', '/trader/alerts', '/trader/bond'];
const RECIPIENT = { holderName: '王芳', bankAccount: '6222020200119988776', bankName: '中国银行' };

function baseUrlOf(testInfo: TestInfo): string {
  const baseURL = testInfo.project.use.baseURL;
  if (!baseURL) throw new Error('the Playwright config sets baseURL');
  return baseURL;
}

const merchantClient = (testInfo: TestInfo) =>
  new CorridorClient({ baseUrl: baseUrlOf(testInfo), apiKey: demoCredentials.merchant.apiKey, apiSecret: demoCredentials.merchant.apiSecret });
const traderClient = (testInfo: TestInfo) =>
  new CorridorTraderClient({ baseUrl: baseUrlOf(testInfo), apiKey: demoCredentials.trader.apiKey, apiSecret: demoCredentials.trader.apiSecret });

async function createPayout(testInfo: TestInfo, fiatAmount = '1000.00'): Promise<PayoutCreated> {
  const merchantOrderNo = `e2e-lang-${randomUUID()}`;
  const response = await merchantClient(testInfo).createPayout({ merchantOrderNo, fiatAmount, recipient: RECIPIENT }, merchantOrderNo);
  if (isApiError(response.body)) throw new Error(`create payout: ${JSON.stringify(response.body.error)}`);
  return response.body as PayoutCreated;
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: path.join(testInfo.project.testDir, 'artifacts', `trader-lang-${name}.png`), fullPage: false });
}

async function signIn(browser: Browser, options: BrowserContextOptions, next = '/trader'): Promise<Page> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
  await page.getByLabel(/^(Email|邮箱)$/).fill(demoCredentials.trader.email);
  await page.getByLabel(/^(Password|密码)$/).fill(demoCredentials.trader.password);
  await page.getByRole('button', { name: /^(Sign in|登录)$/ }).click();
  await expect(page.locator('.trader')).toBeVisible();
  return page;
}

/** Against the device's width: on a phone the browser would widen its layout viewport to fit a page that is too wide. */
async function expectNoSidewaysScroll(page: Page) {
  const width = page.viewportSize()!.width;
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth, `${page.url()} is wider than the screen`).toBeLessThanOrEqual(width);
}

/**
 * The English a Chinese-speaking trader would see or hear on the page: every text node, accessible
 * name (aria-label, alt) and the title, without what is data rather than interface (marked
 * translate="no": names, banks, order numbers, memos), what is labelled as English on purpose (the
 * "English" choice of the language switch), codes and the allowlist below.
 */
async function englishOn(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const ALLOWED = new Set(['USDT', 'CNY', 'TOTP', 'Corridor', 'JPEG', 'PNG', 'WebP', 'MB', 'ID', 'Language', 'Telegram']);
    const skipped = (element: Element | null): boolean =>
      Boolean(element?.closest('[translate="no"], code, script, style, noscript, [lang^="en"]:not(html), template'));
    // Runs of Latin letters, digits and underscores: Chinese text and punctuation separate them.
    const tokens = (text: string) => text.match(/[A-Za-z0-9_]+/g) ?? [];
    const root = document.querySelector('.trader');
    if (!root) return ['no .trader frame'];
    // Data shown on the page (a bank's name) may also appear inside an accessible name.
    const data = new Set([...root.querySelectorAll('[translate="no"]')].flatMap((element) => tokens(element.textContent ?? '')));
    const englishIn = (text: string): string[] =>
      tokens(text)
        // Codes (VALIDATION_FAILED) and anything with a digit (order numbers, amounts) are not words.
        .filter((token) => /[A-Za-z]{2,}/.test(token) && !/\d/.test(token) && !/^[A-Z][A-Z_]{2,}$/.test(token) && !ALLOWED.has(token) && !data.has(token));
    const found: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || skipped(parent) || !parent.checkVisibility()) continue;
      for (const word of englishIn(node.textContent ?? '')) found.push(`"${word}" in “${(node.textContent ?? '').trim().slice(0, 80)}”`);
    }
    for (const element of root.querySelectorAll('[aria-label], [alt], [placeholder], [title]')) {
      if (skipped(element)) continue;
      for (const attribute of ['aria-label', 'alt', 'placeholder', 'title']) {
        for (const word of englishIn(element.getAttribute(attribute) ?? '')) found.push(`"${word}" in ${attribute}="${element.getAttribute(attribute)}"`);
      }
    }
    for (const word of englishIn(document.title)) found.push(`"${word}" in the title “${document.title}”`);
    return found;
  });
}

test.describe.configure({ mode: 'serial' });

test('the event stream is for signed-in traders only', async ({ request }) => {
  const response = await request.get('/trader/events');
  expect(response.status()).toBe(401);
});

test('content for every page: a task in the pool, one accepted, a pay-in', async ({}, testInfo) => {
  await createPayout(testInfo, '2345.67');
  const accepted = await createPayout(testInfo, '1500.00');
  const accept = await traderClient(testInfo).acceptTask(accepted.orderId);
  expect(accept.status).toBe(200);
  const payin = await merchantClient(testInfo).createPayin({ merchantOrderNo: `e2e-lang-${randomUUID()}`, fiatAmount: '300.00', returnUrl: 'https://merchant.example/done' });
  if (isApiError(payin.body)) throw new Error(`create pay-in: ${JSON.stringify(payin.body.error)}`);
  expect((payin.body as PayinCreated).status).toBe('PENDING_PAYMENT');
});

for (const viewport of viewports) {
  test(`in Chinese on ${viewport.name}: no English on any trader page, axe clean, nothing wider than the screen`, async ({ browser }, testInfo) => {
    test.setTimeout(180_000);
    const page = await signIn(browser, { ...viewport.options, ...languages.zh });
    try {
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
      for (const pathname of PAGES) {
        await page.goto(pathname);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // Lists have loaded: no "loading" line is left.
        await expect(page.getByRole('status').filter({ hasText: '正在加载' })).toHaveCount(0);
        expect(await englishOn(page), pathname).toEqual([]);
        await expectAccessible(page);
        await expectNoSidewaysScroll(page);
      }
      await screenshot(page, testInfo, `ledger-zh-${viewport.name.replace(/\s/g, '-')}`);
    } finally {
      await page.context().close();
    }
  });

  test(`in English on ${viewport.name}: axe clean and nothing wider than the screen, ledger in words`, async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await signIn(browser, { ...viewport.options, ...languages.en });
    try {
      for (const pathname of PAGES) {
        await page.goto(pathname);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
        await expectAccessible(page);
        await expectNoSidewaysScroll(page);
        // The ledger names each movement in words, never by its transfer kind.
        if (pathname === '/trader/ledger') await expect(page.getByRole('table')).not.toContainText(/\b(payin|payout|adjust)\.[a-z_]+/);
      }
    } finally {
      await page.context().close();
    }
  });
}

for (const phone of viewports.slice(1)) {
  test(`on ${phone.name}: the pool's first task and the ledger's amounts are in the first screen`, async ({ browser }, testInfo) => {
    const page = await signIn(browser, { ...phone.options, ...languages.zh }, '/trader/pool');
    try {
      const height = page.viewportSize()!.height;
      const width = page.viewportSize()!.width;
      const first = page.getByTestId('pool-task').first();
      await expect(first).toBeVisible();
      const box = (await first.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, `the first task ends at ${box.y + box.height} of ${height}`).toBeLessThanOrEqual(height);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await expect(first.getByRole('button', { name: /^接单/ })).toBeInViewport();
      await screenshot(page, testInfo, `pool-${phone.name.replace(/\s/g, '-')}`);

      await page.goto('/trader/ledger');
      await expect(page.getByRole('columnheader', { name: '金额（USDT）' })).toBeInViewport();
      for (const cell of await page.locator('.trader-ledger-amount').all()) {
        const amount = (await cell.boundingBox())!;
        expect(amount.x + amount.width, 'an amount is off-screen').toBeLessThanOrEqual(width);
      }
      await expect(page.locator('.trader-ledger-amount').first()).toHaveText(/^[+-]\d{1,3}(,\d{3})*\.\d{2,6}$/);
      await screenshot(page, testInfo, `ledger-${phone.name.replace(/\s/g, '-')}`);
    } finally {
      await page.context().close();
    }
  });
}

test('in Chinese: the language is switchable, the quote form reads 7.15 as 7.1500 and names a wrong field in Chinese', async ({ browser }) => {
  const page = await signIn(browser, { ...pixel7, ...languages.zh }, '/trader/quotes');
  try {
    await expect(page.getByRole('heading', { level: 1, name: '报价与收款账户' })).toBeVisible();
    const buy = page.getByRole('form', { name: '买入报价（代付）' });
    const price = buy.getByLabel('价格（每 USDT 多少人民币，4 位小数）');
    await price.fill('abc');
    await buy.getByRole('button', { name: '保存买入报价' }).click();
    await expect(price).toHaveAttribute('aria-invalid', 'true');
    await expect(price).toHaveAccessibleDescription(/请输入数字，例如 7\.1850。/);
    await expect(buy.getByRole('alert')).toHaveText('请检查标出的字段。');
    await expect(buy).not.toContainText(/regex|"path"|invalid_format|Invalid/);
    await price.fill('7.15');
    await buy.getByRole('button', { name: '保存买入报价' }).click();
    await expect(buy.getByRole('status')).toHaveText('已保存：每 USDT 7.1500 元。');
    await expect(price).toHaveValue('7.1500');

    // Switched to English, and the choice outlives a reload.
    await page.getByRole('group', { name: 'Language / 语言' }).getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Quotes & bank accounts' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Quotes & bank accounts' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('group', { name: 'Language / 语言' }).getByRole('button', { name: '中文' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '报价与收款账户' })).toBeVisible();
  } finally {
    await page.context().close();
  }
});

test('a new task arrives over the event stream: a count in the title and on the nav, a chime unless muted, a notification', async ({ browser }, testInfo) => {
  const context = await browser.newContext({ ...languages.zh, viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => {
    // The system notification and the chime, recorded: a headless browser shows and plays neither.
    const record = window as unknown as { shown: { title: string; body?: string }[]; tones: number };
    record.shown = [];
    record.tones = 0;
    class RecordedNotification {
      static permission: NotificationPermission = 'default';
      static requestPermission = async () => {
        RecordedNotification.permission = 'granted';
        return 'granted' as NotificationPermission;
      };
      onclick: (() => void) | null = null;
      constructor(title: string, options?: NotificationOptions) {
        record.shown.push({ title, body: options?.body });
      }
      close() {}
    }
    Object.defineProperty(window, 'Notification', { value: RecordedNotification, configurable: true, writable: true });
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...args: Parameters<OscillatorNode['start']>) {
      record.tones += 1;
      return start.apply(this, args);
    };
  });
  const page = await context.newPage();
  try {
    await page.goto('/sign-in?next=%2Ftrader');
    await page.getByLabel(/^(Email|邮箱)$/).fill(demoCredentials.trader.email);
    await page.getByLabel(/^(Password|密码)$/).fill(demoCredentials.trader.password);
    await page.getByRole('button', { name: /^(Sign in|登录)$/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: '概览' })).toBeVisible();
    // The stream is open: lists no longer poll, so what follows can only come from its events.
    await expect(page.getByTestId('live-state')).toHaveText('实时更新');
    const alerts = page.getByRole('group', { name: '新任务提醒' });
    // Asked on a click, as browsers require; the click also lets the page play sound.
    await alerts.getByRole('button', { name: '桌面通知' }).click();
    await expect(alerts).toContainText('桌面通知：开');
    await expect(alerts.getByRole('button', { name: '提示音' })).toHaveAttribute('aria-pressed', 'true');
    const title = await page.title();
    expect(title).not.toMatch(/^\(\d+\)/);

    const created = await createPayout(testInfo, '888.00');
    await expect(page).toHaveTitle(`(1) ${title}`, { timeout: 15_000 });
    await expect(page.getByRole('navigation', { name: '工作台' }).getByRole('link', { name: /任务池.*1 个新任务/ })).toBeVisible();
    await expect.poll(async () => (await page.evaluate(() => (window as unknown as { shown: { title: string; body?: string }[] }).shown))).toEqual([
      { title: '任务池有 1 个新任务', body: `¥888.00，收款银行：${RECIPIENT.bankName}` },
    ]);
    const tonesAfterFirst = await page.evaluate(() => (window as unknown as { tones: number }).tones);
    expect(tonesAfterFirst).toBeGreaterThan(0);

    // Muted, and still muted after a reload: the next task raises the count without a sound.
    await alerts.getByRole('button', { name: '提示音' }).click();
    await expect(alerts.getByRole('button', { name: '提示音' })).toHaveAttribute('aria-pressed', 'false');
    await page.reload();
    await expect(page.getByRole('group', { name: '新任务提醒' }).getByRole('button', { name: '提示音' })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('live-state')).toHaveText('实时更新');
    await page.getByRole('heading', { level: 1 }).click();
    const tonesBefore = await page.evaluate(() => (window as unknown as { tones: number }).tones);
    await createPayout(testInfo, '999.00');
    await expect(page).toHaveTitle(/^\(1\) /, { timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { tones: number }).tones)).toBe(tonesBefore);

    // Looking at the pool clears the count; the task is there.
    await page.getByRole('navigation', { name: '工作台' }).getByRole('link', { name: /任务池/ }).click();
    await expect(page.getByRole('button', { name: `接单 ${created.orderNo}` })).toBeVisible();
    await expect(page).not.toHaveTitle(/^\(\d+\)/);
  } finally {
    await context.close();
  }
});
