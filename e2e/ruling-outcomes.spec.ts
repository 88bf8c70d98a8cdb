import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import Decimal from 'decimal.js';
import { CorridorClient, CorridorTraderClient, isApiError, type ApiResponse, type BankNotification, type PayinCreated, type TraderPayinList } from '../clients/node/corridor-client';
import { formatUsdt } from '../common/amount-display';
import { demoCredentials } from '../server/demo/demo-credentials';
import { expectAccessible } from './accessibility';
import { invitationLinkFor } from './invitation-link';
import { enrolOnPage, signInAsDemoOperator } from './totp-device';

/**
 * What each party is told at the end of an order, and what the console says of a bad address:
 * a malformed filter in the orders pages' query string is said inline (never a 500); after an
 * operator splits a pay-in, the buyer reads in CNY what was counted and the merchant reads the
 * exact USDT credited; a trader releasing on a suggested bank match is asked again, with the
 * payer-name mismatch and the score's parts.
 */

const PASSWORD = 'a long console password';
const DEMO_LAST4 = '5678';
const phone = { width: 375, height: 568 };
const desktop = { width: 1440, height: 900 };

function ok<T>(response: ApiResponse<unknown>, what: string): T {
  if (isApiError(response.body)) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body.error)}`);
  return response.body as T;
}

const baseUrlOf = (testInfo: TestInfo) => testInfo.project.use.baseURL ?? '';

async function setLanguage(context: BrowserContext, testInfo: TestInfo, lang: 'zh' | 'en') {
  await context.addCookies([{ name: 'corridor-lang', value: lang, url: baseUrlOf(testInfo) }]);
}

/** No horizontal scroll: the page is no wider than the viewport. */
async function expectFitsViewport(page: Page, where: string) {
  const { scroll, viewport } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(scroll, `${where} is ${scroll}px wide in a ${viewport}px viewport`).toBeLessThanOrEqual(viewport);
}

/**
 * A merchant of this run, made by the demo operator (its API key is shown once), and its first
 * owner signed in to the console with a second factor. Its balance starts at zero.
 */
async function merchantWithOwner(page: Page, browser: Browser, testInfo: TestInfo) {
  const tag = randomUUID().slice(0, 8);
  const merchantName = `Outcomes ${tag}`;
  const email = `outcomes-owner-${tag}@example.com`;
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

  const context = await browser.newContext();
  const owner = await context.newPage();
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
  const client = new CorridorClient({ baseUrl: baseUrlOf(testInfo), apiKey, apiSecret });
  return { owner, context, client };
}

test('a malformed filter in the orders pages’ address is said inline, naming the field by its label, on a phone and a desktop, in English and Chinese; never a 5xx', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const { owner, context } = await merchantWithOwner(page, browser, testInfo);
  const lines = {
    en: { payouts: 'Payouts', payins: 'Pay-ins', refused: 'This filter cannot be applied; change it and search again.', from: 'Some fields need attention: Created from ', 'status.0': 'Some fields need attention: Status ' },
    zh: { payouts: '代付', payins: '代收', refused: '无法按此筛选条件查询，请修改后重新搜索。', from: '请检查“创建时间起”：填写的值无效。', 'status.0': '请检查“状态”：填写的值无效。' },
  } as const;
  for (const lang of ['en', 'zh'] as const) {
    await setLanguage(context, testInfo, lang);
    for (const viewport of [phone, desktop]) {
      await owner.setViewportSize(viewport);
      for (const flow of ['payouts', 'payins'] as const) {
        for (const [query, field] of [
          ['from=2026-13-45', 'from'],
          ['from=yesterday', 'from'],
          ['status=NOPE', 'status.0'],
        ] as const) {
          const where = `/merchant/${flow}?${query} (${lang}, ${viewport.width}px)`;
          const response = await owner.goto(`/merchant/${flow}?${query}`);
          expect(response?.status(), where).toBe(200);
          await expect(owner.getByRole('heading', { level: 1, name: lines[lang][flow] })).toBeVisible();
          const refusal = owner.getByTestId('filter-refused');
          await expect(refusal).toContainText(lines[lang].refused);
          await expect(refusal).toContainText(lines[lang][field]);
          await expect(refusal).not.toContainText('VALIDATION_FAILED');
          // Nothing was listed or offered for export on a refused filter; the form is there to fix it.
          await expect(owner.getByTestId('order-total')).toHaveCount(0);
          await expect(owner.getByRole('search')).toBeVisible();
          if (query === 'from=2026-13-45') {
            await expectFitsViewport(owner, where);
            await expectAccessible(owner, where);
          }
        }
      }
    }
  }
  // A good filter after a bad one lists again.
  await setLanguage(context, testInfo, 'en');
  await owner.goto('/merchant/payouts?from=2026-01-01');
  await expect(owner.getByTestId('order-total')).toHaveText('0 orders');
  await expect(owner.getByTestId('filter-refused')).toHaveCount(0);
  await context.close();
});

test('after an operator splits a pay-in, the buyer reads what was counted in CNY (no USDT) and the merchant reads the exact USDT credited, which its balance shows', async ({ page, browser, request }, testInfo) => {
  test.setTimeout(240_000);
  const { owner, context, client: merchant } = await merchantWithOwner(page, browser, testInfo);
  const trader = new CorridorTraderClient({ baseUrl: baseUrlOf(testInfo), apiKey: demoCredentials.trader.apiKey, apiSecret: demoCredentials.trader.apiSecret });

  // ¥2,000.00 at the demo trader's 7.2500 is 275.862068 USDT in escrow.
  const created = ok<PayinCreated>(await merchant.createPayin({ merchantOrderNo: `outcomes-${randomUUID()}`, fiatAmount: '2000.00' }), 'create pay-in');
  const token = new URL(created.payUrl).pathname.split('/').pop() ?? '';
  const buyer = await (await browser.newContext()).newPage();
  await buyer.setViewportSize(phone);
  await buyer.goto(`/pay/${token}`);
  await buyer.getByRole('button', { name: 'I Have Paid' }).click();
  await buyer.getByRole('group', { name: 'Confirm your transfer' }).getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(buyer.getByRole('heading', { level: 1, name: 'Payment reported, waiting for the payee to confirm' })).toBeVisible();
  ok(await trader.reportNotReceived(created.orderId, 'Only 1,000.00 CNY arrived.'), 'not received');

  // The operator splits: half the escrow to the merchant (less the fee on it), the rest back to the trader.
  const asset = new Decimal(created.assetAmount);
  const share = asset.dividedBy(2).toDecimalPlaces(6, Decimal.ROUND_DOWN);
  const fee = Decimal.min(new Decimal(created.usdFeeAmount), asset).times(share).dividedBy(asset).toDecimalPlaces(6, Decimal.ROUND_HALF_UP);
  const merchantAmount = share.minus(fee).toFixed(6);
  const traderAmount = asset.minus(share).toFixed(6);
  const counted = new Decimal('2000.00').times(share).dividedBy(asset).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const rest = new Decimal('2000.00').minus(counted);
  const ref = { flow: 'payin', orderId: created.orderId };
  expect((await page.request.post('/api/trpc/operator.disputes.claim', { data: ref })).status()).toBe(200);
  const ruled = await page.request.post('/api/trpc/operator.disputes.rule', {
    data: { ...ref, ruling: 'split', reasonCode: 'wrong_amount_paid', splitAmount: share.toFixed(6), note: 'Half of the amount reached the trader.' },
  });
  expect(ruled.status()).toBe(200);

  // The buyer: not "payment complete", what was counted and what was not, in CNY only.
  const cny = (amount: Decimal) => `¥${amount.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
  for (const viewport of [phone, desktop]) {
    await buyer.setViewportSize(viewport);
    await buyer.reload();
    const outcome = buyer.getByTestId('split-outcome');
    await expect(buyer.getByRole('heading', { level: 1, name: 'Payment reviewed: only part of it was counted' })).toBeVisible();
    await expect(outcome).toContainText(`was credited for ${cny(counted)} of the ¥2,000.00 order.`);
    await expect(outcome).toContainText(`The other ${cny(rest)} was not counted as paid.`);
    await expect(buyer.getByText('Payment complete')).toHaveCount(0);
    expect(await buyer.locator('body').innerText()).not.toContain('USDT');
    await expectFitsViewport(buyer, `the split checkout at ${viewport.width}px`);
    await expectAccessible(buyer, `the split checkout at ${viewport.width}px`);
  }
  await buyer.getByRole('button', { name: '中文' }).click();
  await expect(buyer.getByRole('heading', { level: 1, name: '付款已审核：仅部分金额被认可' })).toBeVisible();
  await expect(buyer.getByTestId('split-outcome')).toContainText(`其余 ${cny(rest)} 未被认定为已付款。`);
  await expectAccessible(buyer, 'the split checkout in Chinese');
  // The checkout's own data has no USDT amount for the buyer's outcome.
  const view = (await (await request.get(`/api/trpc/checkout.view?input=${encodeURIComponent(JSON.stringify({ token }))}`)).json()) as { result: { data: { ruling: unknown } } };
  expect(view.result.data.ruling).toEqual({ outcome: 'split', orderFiatAmount: '2000.00', countedFiatAmount: counted.toFixed(2), notCountedFiatAmount: rest.toFixed(2) });

  // The merchant: the outcome in words with the exact USDT, and the balance that holds exactly it.
  for (const viewport of [phone, desktop]) {
    await owner.setViewportSize(viewport);
    await owner.goto(`/merchant/payins/${created.orderNo}`);
    await expect(owner.getByTestId('ruling-outcome')).toHaveText(
      `The operator split the pay-in: ${merchantAmount} USDT was credited to your available balance (your share, after the fee of ${fee.toFixed(6)} USDT on it), and ${traderAmount} USDT returned to the trader.`,
    );
    await expect(owner.getByText('wrong_amount_paid').first()).toBeVisible();
    await expect(owner.getByText('Half of the amount reached the trader.').first()).toBeVisible();
    await expectFitsViewport(owner, `the merchant's pay-in at ${viewport.width}px`);
    await expectAccessible(owner, `the merchant's pay-in at ${viewport.width}px`);
  }
  await setLanguage(context, testInfo, 'zh');
  await owner.reload();
  await expect(owner.getByTestId('ruling-outcome')).toContainText(`运营人员裁定拆分这笔代收：${merchantAmount} USDT 已计入您的可用余额`);
  await setLanguage(context, testInfo, 'en');
  await owner.goto('/merchant');
  await expect(owner.getByTestId('balance-available')).toHaveText(`${formatUsdt(merchantAmount)} USDT`);
  await context.close();
});

test('releasing on a suggested bank match asks again, showing the payer-name mismatch and the score’s parts; a bot reads the expected amount and reference', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const baseUrl = baseUrlOf(testInfo);
  const merchant = new CorridorClient({ baseUrl, apiKey: demoCredentials.merchant.apiKey, apiSecret: demoCredentials.merchant.apiSecret });
  const bot = new CorridorTraderClient({ baseUrl, apiKey: demoCredentials.trader.apiKey, apiSecret: demoCredentials.trader.apiSecret });

  // A pay-in of an amount nobody else's pay-in expects; the buyer says they paid, giving their name.
  const created = ok<PayinCreated>(await merchant.createPayin({ merchantOrderNo: `outcomes-suggest-${randomUUID()}`, fiatAmount: '173.21' }), 'create pay-in');
  const token = new URL(created.payUrl).pathname.split('/').pop() ?? '';
  expect((await request.post('/api/trpc/checkout.markPaid', { data: { token, payerName: '张三' } })).status()).toBe(200);

  // The bot reads what to expect: the amount and the memo reference.
  const listed = ok<TraderPayinList>(await bot.listPayins({ status: 'PAYMENT_SUBMITTED' }), 'list pay-ins');
  const item = listed.items.find((entry) => entry.id === created.orderId);
  expect(item).toMatchObject({ expectedFiatAmount: '173.21', buyerReference: expect.stringMatching(/^[A-Z2-9]{6}$/) });

  // The trader signs in; the forwarder sends the bank's SMS: the right amount and reference, another payer.
  await page.goto('/sign-in?next=%2Ftrader%2Fnotifications');
  await page.getByLabel(/^(Email|邮箱)$/).fill(demoCredentials.trader.email);
  await page.getByLabel(/^(Password|密码)$/).fill(demoCredentials.trader.password);
  await page.getByRole('button', { name: /^(Sign in|登录)$/ }).click();
  await expect(page).toHaveURL(/\/trader\/notifications$/);
  const accounts = (await (await page.request.get('/api/trpc/trader.bankAccounts')).json()) as { result: { data: { id: string; accountLast4: string }[] } };
  const bankAccountId = accounts.result.data.find((account) => account.accountLast4 === DEMO_LAST4)?.id ?? '';
  const local = new Date(Date.now() + 8 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const when = `${local.getUTCMonth() + 1}月${local.getUTCDate()}日${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
  const text = `您尾号${DEMO_LAST4}卡${when}网上银行转账收入(王小明)173.21元，余额12,345.67元，附言${item!.buyerReference}。【工商银行】`;
  const sent = ok<BankNotification>(await bot.postNotification({ bankAccountId, sender: '95588', text, receivedAt: new Date().toISOString() }), 'notification');
  expect(sent).toMatchObject({ matchStatus: 'suggested', orderId: created.orderId, score: 70, signals: { payerName: 'differs', reference: true } });

  for (const viewport of [phone, desktop]) {
    await page.setViewportSize(viewport);
    await page.goto('/trader/notifications');
    const card = page.getByTestId('notification').filter({ hasText: created.orderNo });
    await expect(card.getByTestId('notification-status')).toContainText('Suggested match: waiting for you (score 70)');
    // The first tap only asks.
    await card.getByRole('button', { name: `Confirm and release ${created.orderNo}` }).click();
    const confirmation = card.getByTestId('release-confirmation');
    await expect(confirmation).toBeVisible();
    await expect(confirmation.getByTestId('payer-differs')).toHaveText(
      'The payer name differs: the bank message says “王小明”, the buyer gave “张三”. Release only if you are sure this is the buyer’s transfer.',
    );
    const parts = confirmation.getByTestId('score-parts').getByRole('listitem');
    await expect(parts).toHaveText([
      'Exact amount: yes, +50 points',
      'No other open order expects this amount: yes, +20 points',
      'Reference in the memo: yes, +25 points',
      'Payer name: differs from the buyer’s, −40 points',
      'Within the order’s time: yes, +10 points',
      'Card’s last 4 digits in the message: yes, +5 points',
    ]);
    await expect(confirmation).toContainText(`Releasing sends ${new Decimal(created.assetAmount).toFixed(2)}`);
    await expectFitsViewport(page, `the release confirmation at ${viewport.width}px`);
    await expectAccessible(page, `the release confirmation at ${viewport.width}px`);
    // Nothing has moved yet.
    expect(ok<TraderPayinList>(await bot.listPayins({ status: 'PAYMENT_SUBMITTED' }), 'list').items.some((entry) => entry.id === created.orderId)).toBe(true);
    await confirmation.getByRole('button', { name: 'Back' }).click();
    await expect(confirmation).toHaveCount(0);
  }

  // In Chinese, the same question; then the trader releases.
  await page.getByRole('button', { name: '中文' }).click();
  const card = page.getByTestId('notification').filter({ hasText: created.orderNo });
  await card.getByRole('button', { name: `确认并放行 ${created.orderNo}` }).click();
  await expect(card.getByTestId('payer-differs')).toContainText('付款人姓名不一致：银行消息显示“王小明”，买家填写的是“张三”。');
  await expectAccessible(page, 'the release confirmation in Chinese');
  await card.getByRole('button', { name: '确定放行' }).click();
  await expect(page.getByText(`已放行 ${created.orderNo}。`)).toBeVisible();
});
