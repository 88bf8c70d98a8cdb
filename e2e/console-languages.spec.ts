import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { CorridorClient, CorridorTraderClient, isApiError, type ApiResponse } from '../clients/node/corridor-client';
import { demoCredentials } from '../server/demo/demo-credentials';
import { expectAccessible } from './accessibility';
import { invitationLinkFor } from './invitation-link';
import { enrolOnPage, signInAsDemoOperator } from './totp-device';

/**
 * Every console page in Chinese and in English, on a phone and a desktop: `<html lang>` says the
 * page's language, no code (DISPUTED, VALIDATION_FAILED) is shown as if it were a word, axe finds
 * nothing; the sign-in page has its language switch; a refused checkout setting names its field in
 * the page's language.
 */

const PASSWORD = 'a long console password';
const viewports = [
  { width: 375, height: 568 },
  { width: 1440, height: 900 },
];
const htmlLangOf = { en: 'en', zh: 'zh-CN' } as const;

const baseUrlOf = (testInfo: TestInfo) => testInfo.project.use.baseURL ?? '';

function ok<T>(response: ApiResponse<unknown>, what: string): T {
  if (isApiError(response.body)) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body.error)}`);
  return response.body as T;
}

/** The language the consoles read (the toggle's cookie), for every path of the site. */
async function setLanguage(context: BrowserContext, testInfo: TestInfo, lang: 'zh' | 'en') {
  await context.clearCookies({ name: 'corridor-lang' });
  await context.addCookies([{ name: 'corridor-lang', value: lang, url: baseUrlOf(testInfo) }]);
}

/**
 * Codes shown as text: ALL_CAPS_WITH_UNDERSCORES tokens and the order statuses, in the visible text
 * and the title. Not what is data on purpose: the API's own field list of an order
 * (order-fields), the audit log's recorded details, code and preformatted blocks, and the
 * environment variables the developers' page tells a merchant to set (CORRIDOR_API_SECRET).
 */
async function rawCodesOn(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const code = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b|\b(?:DISPUTED|COMPLETED|CANCELLED|FAILED|SETTLING|PAID|BROKEN)\b/g;
    const skipped = (element: Element) => Boolean(element.closest('[data-testid="order-fields"], .audit-details, code, pre, script, style, noscript, template'));
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || skipped(parent) || !parent.checkVisibility()) continue;
      for (const match of (node.textContent ?? '').match(code) ?? []) if (!match.startsWith('CORRIDOR_')) found.push(`${match} in “${(node.textContent ?? '').trim().slice(0, 80)}”`);
    }
    for (const match of document.title.match(code) ?? []) found.push(`${match} in the title`);
    return found;
  });
}

/** One page in one language and size: loaded, `<html lang>` right, no raw code, axe clean. */
async function checkPage(page: Page, pathname: string, lang: 'zh' | 'en', width: number) {
  const where = `${pathname} (${lang}, ${width}px)`;
  await page.goto(pathname);
  await expect(page.getByRole('heading', { level: 1 }).first(), where).toBeVisible();
  await expect(page.locator('[aria-busy="true"]'), `${where} still loading`).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('html'), where).toHaveAttribute('lang', htmlLangOf[lang]);
  expect(await rawCodesOn(page), where).toEqual([]);
  await expectAccessible(page, where);
}

async function checkPages(page: Page, testInfo: TestInfo, paths: string[]) {
  for (const lang of ['zh', 'en'] as const) {
    await setLanguage(page.context(), testInfo, lang);
    for (const viewport of viewports) {
      await page.setViewportSize(viewport);
      for (const pathname of paths) await checkPage(page, pathname, lang, viewport.width);
    }
  }
}

/** A payout of the demo merchant taken through the public APIs to DISPUTED. */
async function disputedPayout(testInfo: TestInfo) {
  const baseUrl = baseUrlOf(testInfo);
  const merchant = new CorridorClient({ baseUrl, apiKey: demoCredentials.merchant.apiKey, apiSecret: demoCredentials.merchant.apiSecret });
  const trader = new CorridorTraderClient({ baseUrl, apiKey: demoCredentials.trader.apiKey, apiSecret: demoCredentials.trader.apiSecret });
  const merchantOrderNo = `e2e-lang-${randomUUID()}`;
  const created = ok<{ orderId: string; orderNo: string }>(
    await merchant.createPayout(
      { merchantOrderNo, fiatAmount: '321.00', recipient: { holderName: 'Han Meimei', bankAccount: '6222020200119988776', bankName: 'Bank of China' } },
      merchantOrderNo,
    ),
    'create payout',
  );
  ok(await trader.acceptTask(created.orderId), 'accept');
  const png = new Uint8Array(await sharp({ create: { width: 64, height: 40, channels: 3, background: `#${randomUUID().slice(0, 6)}` } }).png().toBuffer());
  ok(await trader.submitProof(created.orderId, [{ name: 'slip.png', type: 'image/png', bytes: png }]), 'proof');
  ok(await merchant.decidePayout(created.orderNo, { decision: 'DISPUTE', reason: 'The recipient says nothing arrived' }), 'dispute');
  return { ...created, merchantOrderNo };
}

/** A merchant of this run made by the demo operator, with a pay-in, and its owner signed in to the console. */
async function merchantWithOwner(page: Page, browser: Browser, testInfo: TestInfo) {
  const tag = randomUUID().slice(0, 8);
  const merchantName = `Languages ${tag}`;
  const email = `languages-owner-${tag}@example.com`;
  await signInAsDemoOperator(page);
  await page.goto('/operator/merchants');
  const create = page.getByRole('form', { name: 'Create a merchant' });
  await create.getByLabel('Name').fill(merchantName);
  await create.getByRole('button', { name: 'Create merchant' }).click();
  const created = page.getByRole('status').filter({ hasText: 'API secret' });
  const apiKey = ((await created.getByText(/^API key: /).textContent()) ?? '').replace('API key: ', '').trim();
  const apiSecret = ((await created.getByText(/^API secret: /).textContent()) ?? '').replace('API secret: ', '').trim();
  await page.getByRole('button', { name: `Manage ${merchantName}` }).click();
  const ownerForm = page.getByRole('form', { name: 'Invite the first owner' });
  await ownerForm.getByLabel('Owner email').fill(email);
  await ownerForm.getByRole('button', { name: 'Create owner invitation' }).click();
  const link = await invitationLinkFor(page, email);

  const client = new CorridorClient({ baseUrl: baseUrlOf(testInfo), apiKey, apiSecret });
  const payin = ok<{ orderNo: string }>(await client.createPayin({ merchantOrderNo: `e2e-lang-${tag}`, fiatAmount: '300.00', returnUrl: 'https://merchant.example/done' }), 'create pay-in');

  const owner = await (await browser.newContext()).newPage();
  await owner.goto(link);
  await owner.getByLabel('Your name').fill('Olive Owner');
  await owner.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await owner.getByLabel('Repeat the password').fill(PASSWORD);
  await owner.getByRole('button', { name: 'Join the team' }).click();
  await owner.getByRole('link', { name: 'Sign in' }).click();
  await owner.getByLabel('Email').fill(email);
  await owner.getByLabel('Password').fill(PASSWORD);
  await owner.getByRole('button', { name: 'Sign in' }).click();
  await enrolOnPage(owner, 'Confirm and open the console');
  await expect(owner.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  return { owner, merchantName, payin };
}

test.describe.configure({ mode: 'serial' });

test('the sign-in page is in the language chosen with its switch, and the console opens in it', async ({ page }) => {
  await page.goto('/sign-in');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByRole('group', { name: 'Language / 语言' }).getByRole('button', { name: '中文' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '登录' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('button', { name: '中文' })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page, 'the sign-in page in Chinese');
  // A refusal in Chinese, never its code.
  await page.getByLabel('邮箱').fill('nobody@example.com');
  await page.getByLabel('密码').fill('not the password');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.locator('.form-error')).toHaveText('邮箱与密码不匹配。');
  expect(await rawCodesOn(page)).toEqual([]);
  // The choice reaches the consoles' paths too: the trader dashboard signs in in Chinese.
  await page.goto('/sign-in?next=%2Ftrader');
  await page.getByLabel('邮箱').fill(demoCredentials.trader.email);
  await page.getByLabel('密码').fill(demoCredentials.trader.password);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '概览' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.goto('/sign-in');
  await page.getByRole('group', { name: 'Language / 语言' }).getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('every operator page in Chinese and English, on a phone and a desktop: no codes, the right lang, axe clean', async ({ page }, testInfo) => {
  test.setTimeout(600_000);
  const payout = await disputedPayout(testInfo);
  await signInAsDemoOperator(page);
  await checkPages(page, testInfo, [
    '/operator',
    `/operator/disputes/payout/${payout.orderId}`,
    '/operator/stuck',
    '/operator/risk',
    '/operator/merchants',
    '/operator/traders',
    '/operator/notifications',
    '/operator/rate',
    '/operator/settings',
    '/operator/audit',
    '/operator/ledger',
    '/operator/metrics',
    '/operator/security',
    '/operator/alerts',
    `/operator/search?q=${encodeURIComponent(payout.merchantOrderNo)}`,
  ]);

  // The switch in the console's top bar: Chinese, then English again, kept for the console's paths.
  await page.context().clearCookies({ name: 'corridor-lang' });
  await page.goto('/operator');
  await page.getByRole('banner').getByRole('group', { name: 'Language / 语言' }).getByRole('button', { name: '中文' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '争议' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '运营后台' }).getByRole('link', { name: '承兑商' })).toBeVisible();
  await page.goto(`/operator/disputes/payout/${payout.orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: `代付 ${payout.orderNo}` })).toBeVisible();
  await expect(page.getByText('争议中', { exact: true }).first()).toBeVisible();
  await page.getByRole('group', { name: 'Language / 语言' }).getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Payout ${payout.orderNo}` })).toBeVisible();
  await expect(page.getByText('Disputed', { exact: true }).first()).toBeVisible();
});

test('the merchant pages in Chinese and English; a wrong accent colour is named in the page’s language, by the operator and the owner', async ({ page, browser }, testInfo) => {
  test.setTimeout(600_000);
  const { owner, merchantName, payin } = await merchantWithOwner(page, browser, testInfo);
  await checkPages(owner, testInfo, [
    '/merchant',
    '/merchant/payouts',
    '/merchant/payins',
    `/merchant/payins/${encodeURIComponent(payin.orderNo)}`,
    '/merchant/team',
    '/merchant/developers',
    '/merchant/developers/requests',
    '/merchant/balance',
    '/merchant/audit',
    '/merchant/checkout',
    '/merchant/risk',
    '/merchant/alerts',
  ]);

  // The owner's Checkout page in Chinese: the refusal names the field, never the code or its schema name.
  await setLanguage(owner.context(), testInfo, 'zh');
  await owner.goto('/merchant/checkout');
  const form = owner.getByRole('form', { name: '收银台' });
  await form.getByLabel('主题色').fill('red');
  await form.getByRole('button', { name: '保存', exact: true }).click();
  await expect(form.getByRole('alert').filter({ hasText: '请检查“主题色”：填写的值无效。' })).toBeVisible();
  await expect(form.getByLabel('主题色')).toHaveAccessibleDescription(/该项的值无效，请检查后重试。/);
  await expect(form).not.toContainText(/VALIDATION_FAILED|checkoutAccentColor|must be/);
  await expectAccessible(owner, 'the refused checkout setting in Chinese');
  // In English the same refusal names the field and says what it must be.
  await setLanguage(owner.context(), testInfo, 'en');
  await owner.goto('/merchant/checkout');
  const english = owner.getByRole('form', { name: 'Checkout' });
  await english.getByLabel('Accent colour').fill('red');
  await english.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(english.getByRole('alert').filter({ hasText: /^Some fields need attention: Accent colour .+\.$/ })).toBeVisible();
  await expect(english).not.toContainText(/VALIDATION_FAILED|checkoutAccentColor/);

  // The operator's editor of the same merchant, in Chinese.
  await setLanguage(page.context(), testInfo, 'zh');
  await page.goto('/operator/merchants');
  await page.getByRole('button', { name: `管理 ${merchantName}` }).click();
  const editor = page.getByRole('form', { name: '收银台' });
  await editor.getByLabel(/^主题色/).fill('red');
  await editor.getByRole('button', { name: '保存收银台设置' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '请检查“主题色”：填写的值无效。' })).toBeVisible();
  expect(await rawCodesOn(page)).toEqual([]);
  await expectAccessible(page, 'the operator’s refused checkout setting in Chinese');
  await page.context().clearCookies({ name: 'corridor-lang' });
  await owner.context().close();
});

test('every trader page in Chinese and English, on a phone and a desktop: no codes, the right lang, axe clean', async ({ browser }, testInfo) => {
  test.setTimeout(600_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto('/sign-in?next=%2Ftrader');
    await page.getByLabel('Email').fill(demoCredentials.trader.email);
    await page.getByLabel('Password').fill(demoCredentials.trader.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('.trader')).toBeVisible();
    await checkPages(page, testInfo, ['/trader', '/trader/pool', '/trader/payouts', '/trader/payins', '/trader/notifications', '/trader/quotes', '/trader/ledger', '/trader/alerts']);
  } finally {
    await context.close();
  }
});
