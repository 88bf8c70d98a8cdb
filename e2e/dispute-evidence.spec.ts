import { randomUUID } from 'node:crypto';
import path from 'node:path';
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

async function slip(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: colour } }).png().toBuffer();
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: path.join(testInfo.project.testDir, 'artifacts', `dispute-evidence-${name}.png`), fullPage: true });
}

async function notWiderThanViewport(page: Page) {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
}

test('an operator requests evidence from the trader, the trader adds it from the dashboard, and the operator sees it in the case timeline', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const baseUrl = testInfo.project.use.baseURL!;
  const merchant = new CorridorClient({ baseUrl, apiKey: demoCredentials.merchant.apiKey, apiSecret: demoCredentials.merchant.apiSecret });
  const traderApi = new CorridorTraderClient({ baseUrl, apiKey: demoCredentials.trader.apiKey, apiSecret: demoCredentials.trader.apiSecret });

  // A disputed payout, through the REST APIs.
  const merchantOrderNo = `e2e-evidence-${randomUUID()}`;
  const created = ok<{ orderId: string; orderNo: string }>(
    await merchant.createPayout(
      { merchantOrderNo, fiatAmount: '650.00', recipient: { holderName: 'Han Mei', bankAccount: '6222020200998877665', bankName: 'Bank of China' } },
      merchantOrderNo,
    ),
    'create payout',
  );
  ok(await traderApi.acceptTask(created.orderId), 'accept');
  ok(await traderApi.submitProof(created.orderId, [{ name: 'slip.png', type: 'image/png', bytes: new Uint8Array(await slip('#cfe3ff')) }]), 'proof');
  ok(await merchant.decidePayout(created.orderNo, { decision: 'DISPUTE', reason: 'The recipient has nothing.' }), 'dispute');

  // The operator opens the order by number, sees the paused clock, and asks the trader for more.
  await signInAsDemoOperator(page);
  await page.goto(`/operator/orders/${created.orderNo}`);
  await expect(page.getByRole('heading', { level: 1, name: `Payout ${created.orderNo}` })).toBeVisible();
  await expect(page.getByText(/Deadlines paused since/)).toBeVisible();
  const form = page.getByRole('form', { name: 'Request evidence' });
  await form.getByLabel('Ask').selectOption('trader');
  await form.getByLabel('What you need (shown to that party)').fill('Please send the bank receipt of this transfer.');
  await form.getByLabel('Answer within (hours, 1 to 168)').fill('24');
  await form.getByRole('button', { name: 'Request evidence' }).click();
  const requests = page.getByRole('list', { name: 'Evidence requests' });
  await expect(requests.getByRole('listitem')).toHaveCount(1);
  await expect(requests).toContainText('To the trader');
  await expect(requests).toContainText('Please send the bank receipt of this transfer.');
  await expect(requests).toContainText('open');
  // An internal note, for operators only.
  await page.getByRole('textbox', { name: 'Internal note' }).fill('Trader answered quickly on earlier cases.');
  await page.getByRole('button', { name: 'Add internal note' }).click();
  await expect(page.getByRole('list', { name: 'Timeline' }).getByRole('listitem', { name: 'Internal note' })).toContainText('Trader answered quickly on earlier cases.');
  await expectAccessible(page, 'case page');
  for (const width of [412, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await notWiderThanViewport(page);
  }
  await screenshot(page, testInfo, 'requested');

  // The trader sees the request on the payout's card and answers with a statement and an image.
  const traderContext = await browser.newContext({ baseURL: baseUrl });
  const trader = await traderContext.newPage();
  await trader.goto(`/sign-in?next=${encodeURIComponent('/trader/payouts')}`);
  await trader.getByLabel('Email').fill(demoCredentials.trader.email);
  await trader.getByLabel('Password').fill(demoCredentials.trader.password);
  await trader.getByRole('button', { name: 'Sign in' }).click();
  await expect(trader.getByRole('heading', { level: 1, name: 'My payouts' })).toBeVisible();
  const evidence = trader.getByRole('region', { name: `Dispute evidence for ${created.orderNo}` });
  await expect(evidence.getByRole('note', { name: 'The operator asks you' })).toContainText('Please send the bank receipt of this transfer.');
  await expect(evidence).toContainText('Deadlines on this order are paused');
  await expect(evidence).not.toContainText('Trader answered quickly');
  await expectAccessible(trader, 'trader payouts');
  await trader.setViewportSize({ width: 412, height: 900 });
  await notWiderThanViewport(trader);
  // The form opens on demand, with the focus in its first field.
  const addEvidence = evidence.getByRole('button', { name: 'Add evidence' });
  await expect(addEvidence).toHaveAttribute('aria-expanded', 'false');
  await expect(evidence.getByLabel('Your statement for the operator')).toHaveCount(0);
  await addEvidence.click();
  await expect(evidence.getByRole('button', { name: 'Hide the evidence form' })).toHaveAttribute('aria-expanded', 'true');
  await expect(evidence.getByLabel('Your statement for the operator')).toBeFocused();
  await evidence.getByLabel('Your statement for the operator').fill('Receipt from my bank attached; the transfer left at 10:02.');
  await evidence.getByLabel(/^Images/).setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: await slip('#ffe3cf') });
  await evidence.getByRole('button', { name: 'Send evidence' }).click();
  await expect(evidence.getByRole('status')).toHaveText('Sent to the operator.');
  await expect(evidence.getByRole('note')).toHaveCount(0);
  await expect(evidence.getByRole('list', { name: 'Evidence you sent' })).toContainText('Receipt from my bank attached');
  await expectAccessible(trader, 'trader payouts after sending');
  await screenshot(trader, testInfo, 'trader-sent');
  await traderContext.close();

  // The operator sees it in the timeline, from the trader by name, answering the request.
  await page.reload();
  const entry = page.getByRole('list', { name: 'Timeline' }).getByRole('listitem', { name: 'Evidence from the trader' });
  await expect(entry).toContainText('Receipt from my bank attached; the transfer left at 10:02.');
  await expect(entry).toContainText(demoCredentials.trader.name);
  await expect(entry).toContainText('answers a request');
  await expect(entry.getByRole('img')).toHaveCount(1);
  await expect(requests).toContainText('answered');
  await expectAccessible(page, 'case page after evidence');
  await screenshot(page, testInfo, 'timeline');
});
