import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { devices, expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { CorridorClient, isApiError, type PayinCreated } from '../clients/node/corridor-client';
import { enrolOnPage, signInAsDemoOperator } from './totp-device';
import { expectAccessible } from './accessibility';
import { invitationLinkFor } from './invitation-link';

/**
 * The checkout's look, set by an operator on the merchant editor and by the merchant's owner on the
 * console's Checkout page (docs/merchant-guide.md, "Checkout settings"), as a buyer then sees it.
 */

const PASSWORD = 'a long checkout password';
const { defaultBrowserType: _browserType, ...pixel7 } = devices['Pixel 7'];

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: path.join(testInfo.project.testDir, 'artifacts', `checkout-settings-${name}.png`), fullPage: true });
}

async function joinWithLink(browser: Browser, link: string, who: { name: string; email: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
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

test('an operator and then the owner set the checkout; the buyer sees the name, colour and logo', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const tag = randomUUID().slice(0, 8);
  const merchantName = `Checkout Co ${tag}`;
  const owner = { name: 'Olive Owner', email: `checkout-owner-${tag}@example.com` };

  await signInAsDemoOperator(page);
  await page.goto('/operator/merchants');
  const create = page.getByRole('form', { name: 'Create a merchant' });
  await create.getByLabel('Name').fill(merchantName);
  await create.getByRole('button', { name: 'Create merchant' }).click();
  const created = page.getByRole('status').filter({ hasText: 'API secret' });
  const apiKey = ((await created.getByText(/^API key: /).textContent()) ?? '').replace('API key: ', '').trim();
  const apiSecret = ((await created.getByText(/^API secret: /).textContent()) ?? '').replace('API secret: ', '').trim();
  await page.getByRole('button', { name: `Manage ${merchantName}` }).click();

  // The operator: a display name and a dark accent (white text), and the payer-name question.
  const operatorForm = page.getByRole('form', { name: 'Checkout' });
  await operatorForm.getByLabel(/^Display name/).fill('Harbour Tea');
  await operatorForm.getByLabel(/^Accent colour/).fill('#0B5D3B');
  await operatorForm.getByLabel('Ask the buyer for the payer’s name').check();
  await operatorForm.getByRole('button', { name: 'Save checkout' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Checkout saved.' })).toBeVisible();
  await operatorForm.getByLabel(/^Accent colour/).fill('red');
  await operatorForm.getByRole('button', { name: 'Save checkout' }).click();
  // Said in words, naming the field by its label; never the code or the schema's name of the field.
  await expect(page.getByRole('alert').filter({ hasText: 'Some fields need attention: Accent colour must be a colour like #1849c6.' })).toBeVisible();
  await expect(page.getByText(/VALIDATION_FAILED|checkoutAccentColor/)).toHaveCount(0);
  await expectAccessible(page, 'the operator’s merchant editor');

  const ownerForm = page.getByRole('form', { name: 'Invite the first owner' });
  await ownerForm.getByLabel('Owner email').fill(owner.email);
  await ownerForm.getByRole('button', { name: 'Create owner invitation' }).click();
  const ownerLink = await invitationLinkFor(page, owner.email);

  // The owner: the Checkout page shows what the operator set; they change the colour and add a logo.
  const ownerPage = await joinWithLink(browser, ownerLink, owner);
  await enrolOnPage(ownerPage, 'Confirm and open the console');
  await ownerPage.getByRole('navigation', { name: 'Merchant console' }).getByRole('link', { name: 'Checkout' }).click();
  await expect(ownerPage.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(ownerPage.getByLabel('Display name')).toHaveValue('Harbour Tea');
  await expect(ownerPage.getByLabel('Accent colour')).toHaveValue('#0b5d3b');
  await expect(ownerPage.getByLabel('Ask the buyer for the name on the account they paid from')).toBeChecked();
  await expectAccessible(ownerPage, 'the owner’s Checkout page');
  await ownerPage.getByLabel('Accent colour').fill('#F2C94C');
  await ownerPage.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(ownerPage.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  const logo = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#0b5d3b' } }).png().toBuffer();
  await ownerPage.getByLabel('Logo image').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await ownerPage.getByRole('button', { name: 'Upload logo' }).click();
  await expect(ownerPage.getByRole('status').filter({ hasText: 'Logo saved.' })).toBeVisible();
  await screenshot(ownerPage, testInfo, 'owner-page');

  // The buyer's page: the name in the title and band, black text on the pale accent, the logo.
  const merchant = new CorridorClient({ baseUrl: baseURL ?? '', apiKey, apiSecret });
  const response = await merchant.createPayin({ merchantOrderNo: `checkout-${tag}`, fiatAmount: '100.00' });
  if (isApiError(response.body)) throw new Error(response.body.error.message);
  const payin = response.body as PayinCreated;
  const buyerContext = await browser.newContext({ ...pixel7 });
  try {
    const buyer = await buyerContext.newPage();
    await buyer.goto(new URL(new URL(payin.payUrl).pathname, baseURL).href);
    await expect(buyer).toHaveTitle('Pay Harbour Tea');
    await expect(buyer.getByRole('heading', { level: 1, name: 'Pay by bank transfer' })).toBeVisible();
    const band = buyer.locator('.checkout-brand');
    await expect(band).toContainText('Harbour Tea');
    expect(await band.evaluate((element) => [getComputedStyle(element).backgroundColor, getComputedStyle(element).color])).toEqual(['rgb(242, 201, 76)', 'rgb(0, 0, 0)']);
    const image = band.locator('img');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(128);
    await expectAccessible(buyer, 'the checkout in the owner’s colours');
    await screenshot(buyer, testInfo, 'buyer');
    await buyer.request.post('/api/trpc/checkout.cancel', { data: { token: new URL(payin.payUrl).pathname.split('/').pop() } });
  } finally {
    await buyerContext.close();
  }
});
