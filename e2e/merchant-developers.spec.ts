import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { CorridorClient } from '../clients/node/corridor-client';
import { guideScreenshot } from './merchant-guide-screenshot';
import { enrolOnPage, signInAsDemoOperator } from './totp-device';
import { expectAccessible } from './accessibility';
import { invitationLinkFor } from './invitation-link';
import { formatUsdt } from '../common/amount-display';

const PASSWORD = 'a long developers password';
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

test('without a session the Developers and Balance pages send to sign-in, and the statement export is 401', async ({ page }) => {
  for (const pathname of ['/merchant/developers', '/merchant/developers/requests', '/merchant/balance', '/merchant/audit']) {
    await page.goto(pathname);
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fmerchant/);
  }
  expect((await page.request.get('/merchant/statement-export')).status()).toBe(401);
});

test('the owner invites a developer who creates a scoped key and a webhook to a local receiver, sends a test and sees it delivered, and sees the key\'s calls in the request log; finance downloads the statement whose last balance is the page\'s', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const tag = randomUUID().slice(0, 8);
  const merchantName = `Developers Co ${tag}`;
  const owner = { name: 'Dana Owner', email: `dev-owner-${tag}@example.com` };
  const developer = { name: 'Devi Developer', email: `dev-developer-${tag}@example.com` };
  const finance = { name: 'Fin Finance', email: `dev-finance-${tag}@example.com` };

  // A receiver on a free local port (demo mode lets webhooks reach loopback): it records what arrives and answers 200.
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok from the receiver');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/corridor-hook`;

  try {
    // An operator creates the merchant, credits it and invites its first owner.
    await signInAsDemoOperator(page);
    await page.goto('/operator/merchants');
    const create = page.getByRole('form', { name: 'Create a merchant' });
    await create.getByLabel('Name').fill(merchantName);
    await create.getByRole('button', { name: 'Create merchant' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'API secret' })).toBeVisible();
    const merchants = (await (await page.request.get(`/api/trpc/operator.merchants.list?input=${encodeURIComponent('{}')}`)).json()) as { result: { data: { id: string; name: string }[] } };
    const merchantId = merchants.result.data.find((m) => m.name === merchantName)?.id ?? '';
    const credit = await page.request.post('/api/trpc/operator.traders.adjustBalance', {
      data: { owner: { type: 'merchant', id: merchantId }, direction: 'credit', amount: '250.125000', memo: 'Developers journey funding' },
    });
    expect(credit.status()).toBe(200);
    await page.getByRole('button', { name: `Manage ${merchantName}` }).click();
    const ownerForm = page.getByRole('form', { name: 'Invite the first owner' });
    await ownerForm.getByLabel('Owner email').fill(owner.email);
    await ownerForm.getByRole('button', { name: 'Create owner invitation' }).click();
    const ownerLink = await invitationLinkFor(page, owner.email);

    const ownerPage = await joinWithLink(browser, ownerLink, owner);
    await enrolOnPage(ownerPage, 'Confirm and open the console');
    await expect(heading(ownerPage, 'Overview')).toBeVisible();

    // The owner invites a developer, who must enrol a second factor too.
    await ownerPage.getByRole('navigation', { name: 'Merchant console' }).getByRole('link', { name: 'Team' }).click();
    const inviteDeveloper = ownerPage.getByRole('form', { name: 'Invite someone' });
    await inviteDeveloper.getByLabel('Email').fill(developer.email);
    await inviteDeveloper.getByLabel('Role').selectOption('developer');
    await inviteDeveloper.getByRole('button', { name: 'Create invitation link' }).click();
    const developerLink = await invitationLinkFor(ownerPage, developer.email);
    const developerPage = await joinWithLink(browser, developerLink, developer);
    await enrolOnPage(developerPage, 'Confirm and open the console');
    await expect(heading(developerPage, 'Overview')).toBeVisible();
    const developerNav = developerPage.getByRole('navigation', { name: 'Merchant console' });
    await expect(developerNav.getByRole('link', { name: /Payouts|Balance|Audit log/ })).toHaveCount(0);
    await developerNav.getByRole('link', { name: 'Developers' }).click();
    await expect(heading(developerPage, 'Developers')).toBeVisible();

    // A scoped key: the secret is shown once, with the warning, and never in the table. The form
    // offers a developer only what the role does in the console: webhooks and keys, no orders or money.
    const keyForm = developerPage.getByRole('form', { name: 'Create an API key' });
    await expect(keyForm.getByRole('checkbox')).toHaveCount(2);
    await expect(keyForm.getByRole('checkbox', { name: 'payouts:write' })).toHaveCount(0);
    await keyForm.getByLabel('Label').fill('deploy job');
    await keyForm.getByRole('checkbox', { name: 'webhooks:manage' }).check();
    await keyForm.getByLabel(/IP allowlist/).fill('127.0.0.1\n203.0.113.0/24');
    await keyForm.getByRole('button', { name: 'Create key' }).click();
    const secret = await developerPage.getByTestId('secret-once').inputValue();
    expect(secret).toMatch(/^sk_/);
    await expect(developerPage.getByText('you will not see this again', { exact: false })).toBeVisible();
    const keys = developerPage.getByRole('table', { name: 'API keys' });
    const row = keys.getByRole('row').filter({ hasText: 'deploy job' });
    await expect(row).toContainText('webhooks:manage');
    await expect(row).toContainText('203.0.113.0/24');
    await expect(row).toContainText('127.0.0.1');
    await expect(keys).not.toContainText(secret);
    const keyId = ((await row.getByRole('cell').first().textContent()) ?? '').trim();
    await expect(developerPage.getByTestId('signing-curl')).toContainText(`export CORRIDOR_API_KEY=${keyId}`);
    await expect(developerPage.getByTestId('signing-node')).not.toContainText(secret);

    // The webhook to the local receiver: its signing secret shown once; a test event is delivered and logged.
    const endpointForm = developerPage.getByRole('form', { name: 'Save endpoint' });
    await endpointForm.getByLabel('URL').fill(hookUrl);
    await endpointForm.getByRole('button', { name: 'Save endpoint' }).click();
    await expect(developerPage.getByTestId('webhook-url')).toHaveText(hookUrl);
    await expect(developerPage.getByLabel('Webhook signing secret')).toHaveValue(/^whsec_/);
    await developerPage.getByRole('button', { name: 'Send a test event' }).click();
    await expect(developerPage.getByText(/^Test event .* queued/)).toBeVisible();
    const log = developerPage.getByTestId('delivery-log');
    await expect(async () => {
      await developerPage.getByRole('button', { name: 'Refresh' }).click();
      await expect(log.getByRole('row').filter({ hasText: 'webhook.test' })).toContainText('succeeded', { timeout: 2_000 });
    }).toPass({ timeout: 45_000 });
    await expect(log.getByRole('row').filter({ hasText: 'webhook.test' })).toContainText('Status code 200');
    await expect(log.getByRole('row').filter({ hasText: 'webhook.test' })).toContainText('ok from the receiver');
    expect(received.some((request) => request.body.includes('webhook.test'))).toBe(true);
    await expectAccessible(developerPage);
    await screenshot(developerPage, testInfo, 'developers');

    // The key's calls: one its scopes allow, one they do not; both show in the request log, by route.
    const client = new CorridorClient({ baseUrl: baseURL ?? '', apiKey: keyId, apiSecret: secret });
    expect((await client.getWebhookEndpoint()).status).toBe(200);
    expect((await client.createPayout({ merchantOrderNo: `dev-${tag}`, fiatAmount: '10.00', recipient: { holderName: 'Li Lei', bankAccount: '6222020200112233445', bankName: 'Bank of China' } }, `dev-${tag}`)).status).toBe(403);
    await developerNav.getByRole('link', { name: 'API requests' }).click();
    await expect(heading(developerPage, 'API requests')).toBeVisible();
    const requests = developerPage.getByTestId('request-log');
    // By the status cell itself: a row's request id is hex and may hold "403" too.
    const refused = requests.getByRole('row').filter({ has: developerPage.getByRole('cell', { name: '403', exact: true }) });
    await expect(async () => {
      await developerPage.getByRole('button', { name: 'Refresh' }).click();
      await expect(refused).toHaveCount(1, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(refused).toContainText('POST');
    await expect(refused).toContainText('deploy job');
    await expect(requests.getByRole('row').filter({ hasText: '/api/v1/webhooks/endpoint' })).toContainText('200');
    await expect(requests).not.toContainText(`dev-${tag}`);
    await expectAccessible(developerPage);
    // The audit log is the owners': the developer is sent to the overview.
    await developerPage.goto('/merchant/audit');
    await expect(developerPage).toHaveURL(/\/merchant$/);

    // The owner invites finance, who sees the balance and downloads the statement.
    const invite = ownerPage.getByRole('form', { name: 'Invite someone' });
    await invite.getByLabel('Email').fill(finance.email);
    await invite.getByLabel('Role').selectOption('finance');
    await invite.getByRole('button', { name: 'Create invitation link' }).click();
    const financeLink = await invitationLinkFor(ownerPage, finance.email);
    const financePage = await joinWithLink(browser, financeLink, finance);
    await expect(heading(financePage, 'Overview')).toBeVisible();
    const financeNav = financePage.getByRole('navigation', { name: 'Merchant console' });
    await expect(financeNav.getByRole('link', { name: 'Developers' })).toHaveCount(0);
    await financeNav.getByRole('link', { name: 'Balance' }).click();
    await expect(heading(financePage, 'Balance')).toBeVisible();
    await expect(financePage.getByTestId('balance-available')).toHaveText('250.125 USDT');
    await expect(financePage.getByTestId('statement').getByRole('row')).toHaveCount(2);
    await expectAccessible(financePage);
    await screenshot(financePage, testInfo, 'balance');

    const [download] = await Promise.all([financePage.waitForEvent('download'), financePage.getByTestId('statement-export').click()]);
    const lines = (await readFile((await download.path()) ?? '', 'utf8')).trim().split(/\r?\n/);
    expect(lines[0]).toBe('id,created_at,account,type,amount,fee,balance_after,flow,order_no,merchant_order_no');
    const shown = ((await financePage.getByTestId('balance-available').textContent()) ?? '').replace(' USDT', '').trim();
    expect(formatUsdt(lines.at(-1)?.split(',')[6] ?? '')).toBe(shown);

    // The developer's pages stay closed to finance.
    for (const closed of ['/merchant/developers', '/merchant/developers/requests']) {
      await financePage.goto(closed);
      await expect(financePage).toHaveURL(/\/merchant$/);
    }
  } finally {
    receiver.close();
  }
});
