import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { CorridorClient, CorridorTraderClient, isApiError, type ApiResponse, type Balance, type PayinCreated } from '../clients/node/corridor-client';
import { demoCredentials } from '../server/demo/demo-credentials';
import { Dec } from '../server/money/decimal';
import { payinSplitLegs } from '../server/rulings/split-ruling';
import { expectAccessible } from './accessibility';
import { signInAsDemoOperator } from './totp-device';

/*
 * A dispute the parties settle themselves (docs/operator-guide.md, "Conversation" and "Settlements
 * between the parties"): on a disputed pay-in the buyer and the trader exchange messages and an
 * image, the trader proposes a split, the buyer accepts; the case closes with parties_agreed and the
 * merchant's balance gains exactly the split's share less its fee; the operator's case shows the
 * whole conversation.
 */

const PHONE = { width: 375, height: 568 };
const DESKTOP = { width: 1440, height: 900 };
const english = { locale: 'en-GB', extraHTTPHeaders: { 'Accept-Language': 'en-GB,en;q=0.9' } };

function baseUrlOf(testInfo: TestInfo): string {
  const baseURL = testInfo.project.use.baseURL;
  if (!baseURL) throw new Error('the Playwright config sets baseURL');
  return baseURL;
}

function ok<T>(response: ApiResponse<unknown>, what: string): T {
  if (isApiError(response.body)) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body.error)}`);
  return response.body as T;
}

async function signInTrader(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({ ...english, viewport: DESKTOP, baseURL: baseUrlOf(testInfo) });
  const page = await context.newPage();
  await page.goto(`/sign-in?next=${encodeURIComponent('/trader/payins')}`);
  await page.getByLabel('Email').fill(demoCredentials.trader.email);
  await page.getByLabel('Password').fill(demoCredentials.trader.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('.trader')).toBeVisible();
  return page;
}

test('a buyer and a trader talk, the trader proposes a split, the buyer accepts: parties_agreed with exact balances, and the operator reads it all', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const merchant = new CorridorClient({ baseUrl: baseUrlOf(testInfo), apiKey: demoCredentials.merchant.apiKey, apiSecret: demoCredentials.merchant.apiSecret });
  const traderApi = new CorridorTraderClient({ baseUrl: baseUrlOf(testInfo), apiKey: demoCredentials.trader.apiKey, apiSecret: demoCredentials.trader.apiSecret });
  const created = ok<PayinCreated>(await merchant.createPayin({ merchantOrderNo: `e2e-conversation-${randomUUID()}`, fiatAmount: '100.00' }), 'create pay-in');

  // The buyer pays; the trader reports the money missing: the pay-in is DISPUTED.
  const buyerContext = await browser.newContext({ ...english, viewport: PHONE, baseURL: baseUrlOf(testInfo) });
  const buyer = await buyerContext.newPage();
  await buyer.goto(new URL(created.payUrl).pathname);
  await buyer.getByRole('button', { name: 'I Have Paid' }).click();
  await buyer.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(buyer.getByRole('heading', { level: 1, name: 'Payment reported, waiting for the payee to confirm' })).toBeVisible();
  ok(await traderApi.reportNotReceived(created.orderId, 'Only part of the money arrived.'), 'not received');
  await buyer.reload();
  await expect(buyer.getByRole('heading', { level: 1, name: 'We are looking into it' })).toBeVisible();

  // The buyer writes with a screenshot of the transfer.
  const buyerPanel = buyer.getByRole('region', { name: 'Conversation' });
  await expect(buyerPanel.getByText('No messages yet.', { exact: false })).toBeVisible();
  await buyerPanel.getByRole('textbox', { name: 'Message' }).fill('I sent the whole 100.00 CNY, here is my bank screen.');
  const slip = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#d7ecd9' } }).png().toBuffer();
  await buyerPanel.getByLabel('Images').setInputFiles({ name: 'transfer.png', mimeType: 'image/png', buffer: slip });
  await buyerPanel.getByRole('button', { name: 'Send message' }).click();
  await expect(buyerPanel.getByRole('status')).toHaveText('Message sent.');
  await expect(buyerPanel.getByRole('img', { name: 'Image 1' })).toBeVisible();
  await expect(buyerPanel.getByText('Not read yet')).toBeVisible();
  await expectAccessible(buyer, 'buyer conversation on a phone');

  // The trader reads it (image included), answers, and proposes half of the escrow to the merchant.
  const trader = await signInTrader(browser, testInfo);
  const traderPanel = trader.getByRole('region', { name: `Conversation on ${created.orderNo}` });
  await expect(traderPanel.getByRole('img', { name: 'Image 1' })).toBeVisible();
  await traderPanel.getByRole('textbox', { name: 'Message' }).fill('Only 50.00 CNY arrived on my account.');
  await traderPanel.getByRole('button', { name: 'Send message' }).click();
  await expect(traderPanel.getByRole('status')).toHaveText('Message sent.');
  const share = new Dec(created.assetAmount).dividedBy(2).toDecimalPlaces(6, Dec.ROUND_DOWN).toFixed(6);
  await traderPanel.getByRole('radio', { name: /^Split/ }).check();
  await traderPanel.getByRole('textbox', { name: 'Split amount (USDT)' }).fill(share);
  await traderPanel.getByRole('button', { name: 'Propose', exact: true }).click();
  // A confirmation before anything is sent.
  await expect(traderPanel.getByRole('alertdialog')).toContainText(`Split (${share} USDT)`);
  await traderPanel.getByRole('button', { name: 'Yes, confirm' }).click();
  await expect(traderPanel.getByTestId('settlement')).toContainText('Waiting for an answer');
  await expectAccessible(trader, 'trader conversation');

  // The buyer sees the trader read its message and the proposal, and accepts it.
  const before = ok<Balance>(await merchant.getBalance(), 'balance before');
  await buyer.reload();
  await expect(buyerPanel.getByText('Read by Trader')).toBeVisible();
  await expect(buyerPanel.getByText('Only 50.00 CNY arrived on my account.')).toBeVisible();
  await buyerPanel.getByRole('button', { name: 'Accept' }).click();
  await expect(buyerPanel.getByRole('alertdialog')).toContainText('This cannot be undone.');
  await buyerPanel.getByRole('button', { name: 'Yes, confirm' }).click();
  await expect(buyer.getByRole('heading', { level: 1 })).not.toHaveText('We are looking into it');

  // The order closed with parties_agreed; the merchant's balance gained exactly the split's share less its fee.
  const detail = ok<{ status: string; resolution?: { reasonCode: string } }>(await merchant.getPayin(created.orderNo), 'pay-in');
  expect(detail.status).toBe('COMPLETED');
  const after = ok<Balance>(await merchant.getBalance(), 'balance after');
  const legs = payinSplitLegs({ assetAmount: created.assetAmount, usdFeeAmount: created.usdFeeAmount }, share);
  expect(new Dec(after.available).minus(before.available).toFixed(6)).toBe(legs.merchantAmount);
  await buyerContext.close();
  await trader.context().close();

  // The operator's case: every message in the timeline and the conversation, with the settlement.
  const operatorContext = await browser.newContext({ ...english, viewport: DESKTOP, baseURL: baseUrlOf(testInfo) });
  const operator = await operatorContext.newPage();
  await signInAsDemoOperator(operator);
  await operator.goto(`/operator/disputes/payin/${created.orderId}`);
  // The ruling's note in the timeline says who proposed what and who accepted (reason parties_agreed).
  await expect(operator.getByText(`Settled by the parties: the trader proposed a split with ${share} USDT to the merchant and the buyer accepted.`).first()).toBeVisible();
  const messages = operator.getByTestId('timeline-message');
  await expect(messages).toHaveCount(4);
  await expect(messages.nth(0)).toContainText('I sent the whole 100.00 CNY, here is my bank screen.');
  await expect(messages.nth(0)).toContainText('1 image');
  await expect(messages.nth(1)).toContainText('Only 50.00 CNY arrived on my account.');
  const operatorPanel = operator.getByRole('region', { name: 'Conversation' });
  await expect(operatorPanel.getByRole('img', { name: 'Image 1' })).toBeVisible();
  await expect(operatorPanel.getByTestId('settlement')).toContainText('Accepted');
  await expectAccessible(operator, 'operator case with its conversation');
  await operatorContext.close();
});
