import { randomUUID } from 'node:crypto';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { CorridorClient, CorridorTraderClient, isApiError, type BankNotification, type EventList, type PayinCreated } from '../clients/node/corridor-client';
import { demoCredentials } from '../server/demo/demo-credentials';

// The demo trader's account (server/demo/seed-demo.ts) ends in 5678.
const DEMO_LAST4 = '5678';

function baseUrlOf(testInfo: TestInfo): string {
  const baseURL = testInfo.project.use.baseURL;
  if (!baseURL) throw new Error('the Playwright config sets baseURL');
  return baseURL;
}

async function signInAsDemoTrader(page: Page, next: string) {
  await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(demoCredentials.trader.email);
  await page.getByLabel('Password').fill(demoCredentials.trader.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** An ICBC SMS as the bank sends it, with the China time of `at`. */
function bankSms(amount: string, reference: string, at: Date) {
  const local = new Date(at.getTime() + 8 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const when = `${local.getUTCMonth() + 1}月${local.getUTCDate()}日${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
  return `您尾号${DEMO_LAST4}卡${when}网上银行转账收入(王小明)${amount}元，余额12,345.67元，附言${reference}。【工商银行】`;
}

test('a pay-in completes from the bank SMS the trader forwards, with no click', async ({ page, browser }, testInfo) => {
  const baseUrl = baseUrlOf(testInfo);
  const forwarder = new CorridorTraderClient({ baseUrl, apiKey: demoCredentials.trader.apiKey, apiSecret: demoCredentials.trader.apiSecret });
  const merchant = new CorridorClient({ baseUrl, apiKey: demoCredentials.merchant.apiKey, apiSecret: demoCredentials.merchant.apiSecret });

  // The trader turns automatic confirmation on for their account and notes its id for the forwarder.
  await signInAsDemoTrader(page, '/trader/quotes');
  const settings = page.getByRole('form', { name: `Automatic confirmation for China Merchants Bank ending ${DEMO_LAST4}` });
  await settings.getByLabel("Confirm pay-ins from this account's bank notifications").check();
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByText('No forwarder has checked in yet')).toBeVisible();
  const bankAccountId = (await settings.locator('code').textContent())?.trim() ?? '';
  expect(bankAccountId).toMatch(/^[0-9a-f-]{36}$/);

  try {
    // The forwarder checks in.
    expect((await forwarder.heartbeat(bankAccountId)).status).toBe(200);

    // The merchant creates a pay-in; the buyer sees the amount with its offset and the reference.
    const response = await merchant.createPayin({ merchantOrderNo: `e2e-auto-${randomUUID()}`, fiatAmount: '188.00' });
    if (isApiError(response.body)) throw new Error(`create pay-in: ${response.status} ${JSON.stringify(response.body.error)}`);
    const created = response.body as PayinCreated;
    const buyer = await browser.newPage();
    await buyer.goto(new URL(new URL(created.payUrl).pathname, baseUrl).href);
    const reference = buyer.getByTestId('buyer-reference');
    await expect(reference).toContainText('Put this code in the transfer memo: ');
    const code = ((await reference.locator('strong').textContent()) ?? '').split(': ').pop()?.trim() ?? '';
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    const amountText = (await buyer.getByText(/^Transfer exactly ¥[\d,]+\.\d\d in one single transfer\.$/).textContent()) ?? '';
    const amount = /¥([\d,]+\.\d\d)/.exec(amountText)?.[1]?.replace(/,/g, '') ?? '';
    expect(amount).toMatch(/^188\.\d\d$/);

    // The buyer pays with the reference in the memo and says so.
    await buyer.getByRole('button', { name: 'I Have Paid' }).click();
    await buyer.getByRole('group', { name: 'Confirm your transfer' }).getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(buyer.getByRole('heading', { level: 1, name: 'Payment reported, waiting for the payee to confirm' })).toBeVisible();

    // The bank's SMS reaches the trader's phone; the forwarder posts it through the signed API.
    const sent = await forwarder.postNotification({ bankAccountId, sender: '95588', text: bankSms(amount, code, new Date()), receivedAt: new Date().toISOString() });
    expect(sent.status).toBe(200);
    expect(sent.body as BankNotification).toMatchObject({ parserId: 'icbc', matchStatus: 'released', orderId: created.orderId, score: 100 });

    // No click by anyone: the checkout comes to the end by itself.
    await expect(buyer.getByRole('heading', { level: 1, name: 'Payment complete' })).toBeVisible({ timeout: 15_000 });

    // The trader sees the match and the evidence.
    await page.goto('/trader/notifications');
    const item = page.getByTestId('notification').filter({ hasText: created.orderNo });
    await expect(item.getByTestId('notification-status')).toContainText('Released the pay-in automatically (score 100)');
    await expect(item).toContainText(`Memo: ${code}`);
    await page.goto('/trader/payins');
    await page.getByRole('group', { name: 'Which pay-ins' }).getByRole('button', { name: 'Finished' }).click();
    const card = page.locator('li', { hasText: created.orderNo });
    await expect(card.getByTestId('payin-evidence')).toContainText('Released automatically from your bank');

    // The merchant gets order.completed.
    await expect
      .poll(async () => ((await merchant.listEvents({ type: 'order.completed' })).body as EventList).items.map((event) => (event.data as { id?: string }).id), { timeout: 10_000 })
      .toContain(created.orderId);
  } finally {
    // The other journeys use the demo account as a manual one.
    await page.goto('/trader/quotes');
    await settings.getByLabel("Confirm pay-ins from this account's bank notifications").uncheck();
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(settings.getByText('No forwarder has checked in yet')).toHaveCount(0);
  }
});
