import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { formatUsdt } from '../common/amount-display';
import { CorridorClient, isApiError, type PayinCreated, type PayoutCreated } from '../clients/node/corridor-client';
import { demoCredentials } from '../server/demo/demo-credentials';

const RECIPIENT = { holderName: 'Li Lei', bankAccount: '6222020200112233445', bankName: 'Bank of China' };

function baseUrlOf(testInfo: TestInfo): string {
  const baseURL = testInfo.project.use.baseURL;
  if (!baseURL) throw new Error('the Playwright config sets baseURL');
  return baseURL;
}

function merchantClient(testInfo: TestInfo) {
  return new CorridorClient({ baseUrl: baseUrlOf(testInfo), apiKey: demoCredentials.merchant.apiKey, apiSecret: demoCredentials.merchant.apiSecret });
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: path.join(testInfo.project.testDir, 'artifacts', `trader-${name}.png`), fullPage: true });
}

async function signInAsDemoTrader(page: Page, next = '/trader') {
  await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(demoCredentials.trader.email);
  await page.getByLabel('Password').fill(demoCredentials.trader.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A real PNG of the given colour, like a photo of a transfer slip. */
async function slip(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: colour } }).png().toBuffer();
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

test('without a session, every trader page sends the visitor to sign in', async ({ page }) => {
  for (const pathname of ['/trader', '/trader/pool', '/trader/payouts', '/trader/payins', '/trader/quotes', '/trader/ledger']) {
    await page.goto(pathname);
    await expect(page).toHaveURL(new RegExp(`/sign-in\\?next=${encodeURIComponent(pathname).replace(/\//g, '\\/')}$`));
    await expect(heading(page, 'Sign in')).toBeVisible();
  }
});

test('journey 1: the trader goes online, accepts a payout, sees the card number, uploads two images and submits', async ({ page, context }, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrlOf(testInfo) });
  await signInAsDemoTrader(page);
  await expect(heading(page, 'Overview')).toBeVisible();
  await expect(page.locator('.trader-account > summary')).toHaveText(`Signed in as ${demoCredentials.trader.name}`);
  const online = page.getByRole('switch', { name: 'Online' });

  // The demo trader starts online: off, then on again, as a trader starting a shift.
  await expect(online).toHaveAttribute('aria-checked', 'true');
  await online.click();
  await expect(online).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await online.click();
  await expect(online).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('heading', { name: 'You are online' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Balances (USDT)' }).getByRole('term')).toHaveText(['Available', 'Frozen', 'In escrow (pay-ins)']);
  await screenshot(page, testInfo, 'overview');

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Task pool' }).click();
  await expect(heading(page, 'Task pool')).toBeVisible();

  // Created through the merchant REST API while the pool is open: the event stream shows it.
  const merchant = merchantClient(testInfo);
  const merchantOrderNo = `e2e-trader-${randomUUID()}`;
  const response = await merchant.createPayout({ merchantOrderNo, fiatAmount: '1000.00', recipient: RECIPIENT }, merchantOrderNo);
  if (isApiError(response.body)) throw new Error(`create payout: ${JSON.stringify(response.body.error)}`);
  const created = response.body as PayoutCreated;
  expect(created.status).toBe('PENDING_MATCH');

  const accept = page.getByRole('button', { name: `Accept ${created.orderNo}` });
  await expect(accept).toBeVisible({ timeout: 15_000 });
  const task = page.getByRole('listitem').filter({ has: accept });
  await expect(task).toContainText('¥1,000.00');
  await expect(task).toContainText(RECIPIENT.bankName);
  // Nothing of the card number before accepting. The order number is digits too and may hold the
  // same four in a row (it did once: WD2026112344584…), so it is taken out before looking.
  const poolText = ((await task.textContent()) ?? '').replaceAll(created.orderNo, '');
  expect(poolText).not.toContain(RECIPIENT.bankAccount.slice(-4));
  await screenshot(page, testInfo, 'pool');

  // The pool on a phone: nothing needs sideways scrolling.
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await screenshot(page, testInfo, 'pool-phone');
  await page.setViewportSize({ width: 1280, height: 720 });

  await accept.click();
  await expect(page.getByRole('status').filter({ hasText: `You accepted ${created.orderNo}` })).toBeVisible();
  await expect(accept).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to My payouts' }).click();
  await expect(heading(page, 'My payouts')).toBeVisible();

  const payout = page.getByRole('article').filter({ hasText: created.orderNo });
  await expect(payout.getByRole('heading', { name: `¥1,000.00 to ${RECIPIENT.holderName}` })).toBeVisible();
  await expect(payout).toContainText('Trader Transferring');
  await expect(payout.getByRole('timer', { name: 'Transfer within' })).toHaveText(/^(30:00|29:[0-5]\d)$/);
  await expect(payout).toContainText(`•••• ${RECIPIENT.bankAccount.slice(-4)}`);
  await expect(payout).not.toContainText('6222 0202');

  await payout.getByRole('button', { name: 'Show full number' }).click();
  await expect(payout.getByText('6222 0202 0011 2233 445', { exact: true })).toBeVisible();
  await payout.getByRole('button', { name: 'Copy Account number' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(RECIPIENT.bankAccount);
  await payout.getByRole('button', { name: 'Copy Account holder' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(RECIPIENT.holderName);
  await screenshot(page, testInfo, 'payout-card-number');

  // A text file named .png is caught before sending, with the reason next to the picker.
  const picker = payout.getByLabel('Choose images');
  await picker.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('this is not an image') });
  await expect(payout.getByRole('alert')).toContainText('notes.png: must be a JPEG, PNG or WebP image.');

  await picker.setInputFiles([
    { name: 'slip-1.png', mimeType: 'image/png', buffer: await slip('#d8e8ff') },
    { name: 'slip-2.png', mimeType: 'image/png', buffer: await slip('#ffe8d8') },
  ]);
  const previews = payout.getByRole('list', { name: 'Images to send' });
  await expect(previews.getByRole('img')).toHaveCount(2);
  await expect(previews.getByRole('img', { name: 'Proof image 1: slip-1.png' })).toBeVisible();
  await screenshot(page, testInfo, 'proof-previews');

  // Removing one before sending, then adding it again by dropping it on the zone.
  await previews.getByRole('button', { name: 'Remove slip-2.png' }).click();
  await expect(previews.getByRole('img')).toHaveCount(1);
  const slipTwo = (await slip('#ffe8d8')).toString('base64');
  const dataTransfer = await page.evaluateHandle((base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], 'slip-2.png', { type: 'image/png' }));
    return transfer;
  }, slipTwo);
  await payout.getByTestId(`dropzone-${created.orderNo}`).dispatchEvent('drop', { dataTransfer });
  await expect(previews.getByRole('img')).toHaveCount(2);

  await payout.getByRole('button', { name: 'Submit proof (2 images)' }).click();
  // The order moves on: proof submitted, the number hidden again, the merchant's turn.
  await expect(payout).toContainText('Proof Submitted', { timeout: 15_000 });
  await expect(payout).toContainText('Proof submitted (2 images)');
  await expect(payout).toContainText('Waiting for the merchant to confirm.');
  await expect(payout).not.toContainText('6222 0202');
  await expect(payout.getByRole('button', { name: 'Show full number' })).toHaveCount(0);
  await screenshot(page, testInfo, 'payout-submitted');

  const detail = await merchant.getPayout(created.orderNo);
  expect(isApiError(detail.body) ? detail.body.error.code : detail.body.status).toBe('PAYMENT_SUBMITTED');
});

test('journey 3: the buyer says they paid, the trader releases the pay-in, and it completes', async ({ page, browser }, testInfo) => {
  const merchant = merchantClient(testInfo);
  const response = await merchant.createPayin({ merchantOrderNo: `e2e-trader-${randomUUID()}`, fiatAmount: '100.00', returnUrl: 'https://merchant.example/done' });
  if (isApiError(response.body)) throw new Error(`create pay-in: ${JSON.stringify(response.body.error)}`);
  const created = response.body as PayinCreated;
  expect(created.status).toBe('PENDING_PAYMENT');

  await signInAsDemoTrader(page, '/trader/payins');
  await expect(heading(page, 'My pay-ins')).toBeVisible();
  const payin = page.getByRole('article').filter({ hasText: created.orderNo });
  await expect(payin).toContainText('Awaiting Payment');
  await expect(payin.getByRole('timer', { name: 'Buyer pays within' })).toBeVisible();
  await expect(payin.getByRole('button', { name: /Received, release/ })).toHaveCount(0);

  // The buyer, in their own browser without any session, pays and says so.
  const buyerContext = await browser.newContext();
  try {
    const buyer = await buyerContext.newPage();
    await buyer.goto(new URL(new URL(created.payUrl).pathname, baseUrlOf(testInfo)).href);
    await buyer.getByRole('button', { name: 'I Have Paid' }).click();
    await buyer.getByRole('group', { name: 'Confirm your transfer' }).getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(buyer.getByRole('heading', { level: 1, name: 'Payment reported, waiting for the payee to confirm' })).toBeVisible();
  } finally {
    await buyerContext.close();
  }

  // Polling brings the buyer's report to the trader's page.
  await expect(payin).toContainText('Paid', { timeout: 15_000 });
  await expect(payin).toContainText('The buyer reported paying');
  await screenshot(page, testInfo, 'payin-paid');
  await payin.getByRole('button', { name: `Received, release ${created.orderNo}` }).click();
  const confirm = page.getByRole('group', { name: `Release ${created.orderNo}?` });
  await expect(confirm).toContainText(`Did ¥${created.fiatAmount} arrive`);
  await screenshot(page, testInfo, 'payin-confirm-release');
  await confirm.getByRole('button', { name: 'Yes, release' }).click();

  await expect(page.getByRole('status').filter({ hasText: `${created.orderNo} completed: ${formatUsdt(created.assetAmount)} USDT released to the merchant.` })).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: created.orderNo })).toHaveCount(0);
  await page.getByRole('button', { name: 'Finished' }).click();
  const finished = page.getByRole('article').filter({ hasText: created.orderNo });
  await expect(finished).toContainText('Completed');
  await expect(finished).toContainText('the USDT went to the merchant');
  await screenshot(page, testInfo, 'payin-completed');

  const detail = await merchant.getPayin(created.orderNo);
  expect(isApiError(detail.body) ? detail.body.error.code : detail.body.status).toBe('COMPLETED');
});

test('quotes, bank accounts and the ledger pages', async ({ page }, testInfo) => {
  await signInAsDemoTrader(page, '/trader/quotes');
  await expect(heading(page, 'Quotes & bank accounts')).toBeVisible();
  const buy = page.getByRole('form', { name: 'BUY quote (payouts)' });
  await expect(buy.getByLabel('Price (CNY per USDT, 4 decimals)')).toHaveValue('7.1500');
  const price = buy.getByLabel('Price (CNY per USDT, 4 decimals)');
  const maximum = buy.getByLabel('Maximum per order (CNY)');
  await maximum.fill('50.00');
  await buy.getByRole('button', { name: 'Save BUY quote' }).click();
  await expect(maximum).toHaveAccessibleDescription('The maximum must not be below the minimum.');
  await expect(buy.getByRole('alert')).toHaveText('Some fields need attention.');
  // Letters get a message beside the field, never the validator's output.
  await maximum.fill('50000.00');
  await price.fill('abc');
  await buy.getByRole('button', { name: 'Save BUY quote' }).click();
  await expect(price).toHaveAccessibleDescription(/Enter a number, such as 7\.1850\./);
  await expect(price).toBeFocused();
  await expect(buy).not.toContainText('regex');
  await expect(buy).not.toContainText('"path"');
  // 7.15 is read as the 4-decimal price 7.1500.
  await price.fill('7.15');
  await buy.getByRole('button', { name: 'Save BUY quote' }).click();
  await expect(buy.getByRole('status')).toHaveText('Saved: 7.1500 CNY per USDT.');
  await expect(price).toHaveValue('7.1500');
  await page.reload();
  await expect(page.getByRole('form', { name: 'BUY quote (payouts)' }).getByLabel('Price (CNY per USDT, 4 decimals)')).toHaveValue('7.1500');

  const add = page.getByRole('form', { name: 'Add a bank account' });
  await add.getByLabel('Account holder').fill('Zhang Wei');
  await add.getByLabel('Bank').fill('ICBC');
  await add.getByLabel('Account number').fill('6212 2600 0000 9876');
  await add.getByRole('button', { name: 'Add account' }).click();
  await expect(add.getByRole('status')).toHaveText('Added the account ending 9876.');
  await expect(add.getByLabel('Account number')).toHaveValue('');
  const accounts = page.getByRole('list', { name: 'Bank accounts' });
  await expect(accounts).toContainText('ICBC •••• 9876');
  await expect(page.locator('body')).not.toContainText('6212260000009876');
  page.once('dialog', (dialog) => void dialog.accept());
  await accounts.getByRole('button', { name: 'Disable ICBC ending 9876' }).click();
  await expect(accounts.getByRole('listitem').filter({ hasText: 'ICBC' })).toContainText('Disabled');
  await screenshot(page, testInfo, 'quotes');

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Ledger' }).click();
  await expect(heading(page, 'Ledger')).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText(['Time', 'Account', 'What', 'Order', 'Amount (USDT)']);
  // Amounts grouped by thousands, USDT to 2 decimals and only the further ones it needs; entries in words.
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText(/[+-]\d{1,3}(,\d{3})*\.\d{2,6}$/);
  await expect(page.getByRole('table')).not.toContainText(/\b(payin|payout|adjust)\.[a-z_]+/);
  await screenshot(page, testInfo, 'ledger');

  await page.locator('.trader-account > summary').click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(heading(page, 'Sign in')).toBeVisible();
  await page.goto('/trader');
  await expect(page).toHaveURL(/\/sign-in/);
});
