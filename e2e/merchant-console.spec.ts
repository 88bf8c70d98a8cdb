import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { CorridorClient, CorridorTraderClient, isApiError } from '../clients/node/corridor-client';
import { demoCredentials } from '../server/demo/demo-credentials';
import { guideScreenshot } from './merchant-guide-screenshot';
import { enrolOnPage, signInAsDemoOperator } from './totp-device';
import { expectAccessible } from './accessibility';
import { invitationLinkFor } from './invitation-link';

const PASSWORD = 'a long console password';
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

const screenshot = guideScreenshot;

async function joinWithLink(browser: Browser, link: string, who: { name: string; email: string }): Promise<Page> {
  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await page.goto(link);
  await page.getByLabel('Your name').fill(who.name);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Join the team' }).click();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return page;
}

test('without a session every page of the console sends to sign-in', async ({ page }) => {
  for (const pathname of ['/merchant', '/merchant/payouts', '/merchant/payins', '/merchant/payouts/WD000', '/merchant/payins/ORD000', '/merchant/team', '/merchant/developers/requests', '/merchant/audit', '/merchant/risk']) {
    await page.goto(pathname);
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fmerchant/);
  }
  const exported = await page.request.get('/merchant/export?flow=payouts');
  expect(exported.status()).toBe(401);
});

test('an owner sees the overview, finds a payout made through the API, views its proof and confirms it; support reads it but cannot act or export; the CSV holds the row', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const tag = randomUUID().slice(0, 8);
  const merchantName = `Console Co ${tag}`;
  const owner = { name: 'Orla Owner', email: `console-owner-${tag}@example.com` };
  const support = { name: 'Sid Support', email: `console-support-${tag}@example.com` };

  // An operator creates the merchant (its API key is shown once), credits it (the balance procedure
  // of the traders' page takes a merchant as well) and invites its first owner.
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
    data: { owner: { type: 'merchant', id: merchantId }, direction: 'credit', amount: '500.000000', memo: 'Console journey funding' },
  });
  expect([credit.status(), merchantId]).toEqual([200, expect.stringMatching(/^[0-9a-f-]{36}$/)]);
  await page.getByRole('button', { name: `Manage ${merchantName}` }).click();
  const ownerForm = page.getByRole('form', { name: 'Invite the first owner' });
  await ownerForm.getByLabel('Owner email').fill(owner.email);
  await ownerForm.getByRole('button', { name: 'Create owner invitation' }).click();
  const ownerLink = await invitationLinkFor(page, owner.email);

  const ownerPage = await joinWithLink(browser, ownerLink, owner);
  await enrolOnPage(ownerPage, 'Confirm and open the console');
  await expect(heading(ownerPage, 'Overview')).toBeVisible();
  await expect(ownerPage.getByTestId('balance-available')).toHaveText('500.00 USDT');
  await expect(ownerPage.getByRole('img', { name: /Payouts: completed volume per day/ })).toBeVisible();
  await expectAccessible(ownerPage);
  await screenshot(ownerPage, testInfo, 'overview');

  // A payout through the REST API with the merchant's key; the demo trader's bot takes it and uploads proof.
  const merchant = new CorridorClient({ baseUrl: baseURL ?? '', apiKey, apiSecret });
  const trader = new CorridorTraderClient({ baseUrl: baseURL ?? '', apiKey: demoCredentials.trader.apiKey, apiSecret: demoCredentials.trader.apiSecret });
  const merchantOrderNo = `console-${tag}`;
  const payout = await merchant.createPayout(
    { merchantOrderNo, fiatAmount: '100.00', recipient: { holderName: 'Li Lei', bankAccount: '6222020200112233445', bankName: 'Bank of China' } },
    merchantOrderNo,
  );
  if (isApiError(payout.body)) throw new Error(payout.body.error.message);
  const { orderId, orderNo, usdAmount } = payout.body as { orderId: string; orderNo: string; usdAmount: string };
  expect(isApiError((await trader.acceptTask(orderId)).body)).toBe(false);
  const slip = new Uint8Array(await sharp({ create: { width: 320, height: 200, channels: 3, background: '#d8e8ff' } }).png().toBuffer());
  expect(isApiError((await trader.submitProof(orderId, [{ name: 'slip.png', type: 'image/png', bytes: slip }])).body)).toBe(false);

  // Found by its merchantOrderNo on the payouts page.
  await ownerPage.getByRole('navigation', { name: 'Merchant console' }).getByRole('link', { name: 'Payouts' }).click();
  await expect(heading(ownerPage, 'Payouts')).toBeVisible();
  await ownerPage.getByLabel('orderNo or merchantOrderNo').fill(merchantOrderNo);
  await ownerPage.getByRole('button', { name: 'Search' }).click();
  await expect(ownerPage.getByTestId('order-total')).toHaveText('1 order');
  await expectAccessible(ownerPage);
  await screenshot(ownerPage, testInfo, 'payouts');
  await ownerPage.getByRole('link', { name: orderNo }).click();
  await expect(heading(ownerPage, new RegExp(`Payout ${orderNo}`))).toBeVisible();
  await expect(ownerPage.getByTestId('order-status')).toHaveText('Proof submitted');
  await expect(ownerPage.getByTestId('timeline').getByRole('row')).toHaveCount(4);
  await expectAccessible(ownerPage);
  await screenshot(ownerPage, testInfo, 'payout');
  // Looking an order up on a phone: the page fits a 412 px screen.
  await screenshot(ownerPage, testInfo, 'payout-phone', { phone: true });

  // The proof, large and zoomed.
  await ownerPage.getByRole('button', { name: 'Open proof image 1 large' }).click();
  const large = ownerPage.getByTestId('proof-large');
  await expect(large).toBeVisible();
  await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await ownerPage.getByRole('button', { name: 'Zoom in' }).click();
  await expect(ownerPage.getByText('150%')).toBeVisible();
  await screenshot(ownerPage, testInfo, 'proof', { keepScroll: true });
  await ownerPage.getByRole('button', { name: 'Close' }).click();

  // Confirm, through the step that names the amounts.
  await ownerPage.getByRole('button', { name: 'Confirm: the money arrived' }).click();
  await expect(ownerPage.getByRole('alertdialog')).toContainText(`Confirm that 100.00 CNY arrived? ${usdAmount} USDT goes to the trader`);
  await expectAccessible(ownerPage);
  await screenshot(ownerPage, testInfo, 'confirm-step', { keepScroll: true });
  await ownerPage.getByRole('button', { name: 'Yes, confirm' }).click();
  await expect(ownerPage.getByRole('status')).toHaveText('Done: the order is now Completed.');
  await expect(ownerPage.getByTestId('order-status')).toHaveText('Completed');

  // The request log shows the key's calls by route template (never the order's numbers), the
  // refused one under 4xx; it is written a moment after each answer, so the page is reloaded.
  expect((await merchant.getPayout('WD-NO-SUCH-ORDER')).status).toBe(404);
  await ownerPage.getByRole('navigation', { name: 'Merchant console' }).getByRole('link', { name: 'API requests' }).click();
  await expect(heading(ownerPage, 'API requests')).toBeVisible();
  const requests = ownerPage.getByTestId('request-log');
  await expect(async () => {
    await ownerPage.getByRole('button', { name: 'Refresh' }).click();
    await expect(requests.getByRole('row').filter({ hasText: 'WD-NO-SUCH-ORDER' })).toHaveCount(0);
    // By the status cell itself: a row's request id is hex and may hold "404" too.
    await expect(requests.getByRole('row').filter({ has: ownerPage.getByRole('cell', { name: '404', exact: true }) })).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(requests.getByRole('row').filter({ hasText: 'POST' }).first()).toContainText('/api/v1/withdrawals');
  await expect(requests.getByRole('row').filter({ hasText: 'POST' }).first()).toContainText('201');
  await expect(requests).toContainText(apiKey);
  await expect(requests).not.toContainText(merchantOrderNo);
  await expect(requests).not.toContainText(orderNo);
  await expectAccessible(ownerPage);
  await screenshot(ownerPage, testInfo, 'requests');
  await ownerPage.getByLabel('Status').selectOption('4xx');
  await ownerPage.getByRole('button', { name: 'Show' }).click();
  await expect(requests.getByRole('row')).toHaveCount(2);
  await expect(requests).toContainText('/api/v1/withdrawals/:orderNo');
  await ownerPage.getByLabel('Status').selectOption('5xx');
  await ownerPage.getByRole('button', { name: 'Show' }).click();
  await expect(ownerPage.getByText('No requests match.', { exact: false })).toBeVisible();

  // The audit log names who confirmed, and links the order.
  await ownerPage.getByRole('navigation', { name: 'Merchant console' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(heading(ownerPage, 'Audit log')).toBeVisible();
  const confirmed = ownerPage.getByTestId('merchant-audit-log').getByRole('row').filter({ hasText: 'Payout confirmed' });
  await expect(confirmed).toContainText(owner.name);
  await expect(confirmed.getByRole('link', { name: `Payout ${orderNo}` })).toBeVisible();
  await expect(ownerPage.getByTestId('merchant-audit-log').getByRole('row').filter({ hasText: 'Second factor enrolled' })).toContainText(owner.name);
  await expectAccessible(ownerPage);
  await screenshot(ownerPage, testInfo, 'audit');

  // The owner invites support, who reads the payout without the decision or the export.
  await ownerPage.goto('/merchant/team');
  const invite = ownerPage.getByRole('form', { name: 'Invite someone' });
  await invite.getByLabel('Email').fill(support.email);
  await invite.getByLabel('Role').selectOption('support');
  await invite.getByRole('button', { name: 'Create invitation link' }).click();
  const supportLink = await invitationLinkFor(ownerPage, support.email);
  const supportPage = await joinWithLink(browser, supportLink, support);
  await expect(heading(supportPage, 'Overview')).toBeVisible();
  await expect(supportPage.getByTestId('balance-available')).toHaveCount(0);
  await supportPage.goto(`/merchant/payouts?search=${orderNo}`);
  await expect(supportPage.getByTestId('order-total')).toHaveText('1 order');
  await expect(supportPage.getByTestId('export-csv')).toHaveCount(0);
  await supportPage.getByRole('link', { name: orderNo }).click();
  await expect(supportPage.getByTestId('order-status')).toHaveText('Completed');
  await expect(supportPage.getByRole('button', { name: /Confirm|Dispute|Cancel/ })).toHaveCount(0);
  await expect(supportPage.getByText('Your role reads orders; confirming, disputing and cancelling are for owners.')).toBeVisible();
  expect((await supportPage.request.get('/merchant/export?flow=payouts')).status()).toBe(403);
  // Keys, the request log, the audit log and the risk rules do not open for support: they land on the overview.
  for (const closed of ['/merchant/developers', '/merchant/developers/requests', '/merchant/audit', '/merchant/risk']) {
    await supportPage.goto(closed);
    await expect(supportPage).toHaveURL(/\/merchant$/);
  }

  // The CSV export of the filtered set downloads with the row.
  await ownerPage.goto(`/merchant/payouts?search=${merchantOrderNo}`);
  const [download] = await Promise.all([ownerPage.waitForEvent('download'), ownerPage.getByTestId('export-csv').click()]);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`${orderNo},${merchantOrderNo},COMPLETED,${usdAmount}`);

  // Every other page of the console, in both languages for the overview, passes axe.
  await ownerPage.goto('/merchant/payins');
  await expect(heading(ownerPage, 'Pay-ins')).toBeVisible();
  await expectAccessible(ownerPage);
  await screenshot(ownerPage, testInfo, 'payins');
  await ownerPage.goto('/merchant/team');
  await expectAccessible(ownerPage);
  // The two logs in Chinese as well.
  await ownerPage.getByRole('button', { name: '中文' }).click();
  for (const [pathname, title] of [['/merchant/developers/requests', 'API 请求'], ['/merchant/audit', '审计日志']]) {
    await ownerPage.goto(pathname!);
    await expect(heading(ownerPage, title!)).toBeVisible();
    await expectAccessible(ownerPage);
  }
  await ownerPage.getByRole('button', { name: 'English' }).click();
  await ownerPage.goto('/merchant');
  await ownerPage.getByRole('button', { name: '中文' }).click();
  await expect(heading(ownerPage, '概览')).toBeVisible();
  await expectAccessible(ownerPage);
});
