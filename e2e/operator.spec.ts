import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import Decimal from 'decimal.js';
import sharp from 'sharp';
import { CorridorClient, CorridorTraderClient, isApiError, type ApiResponse } from '../clients/node/corridor-client';
import { demoCredentials } from '../server/demo/demo-credentials';
import { signInAsDemoOperator } from './totp-device';
import { consoleBalances, rowOf } from './console-balances';

function baseUrlOf(testInfo: TestInfo): string {
  const baseURL = testInfo.project.use.baseURL;
  if (!baseURL) throw new Error('the Playwright config sets baseURL');
  return baseURL;
}

function ok<T>(response: ApiResponse<unknown>, what: string): T {
  if (isApiError(response.body)) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body.error)}`);
  return response.body as T;
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: path.join(testInfo.project.testDir, 'artifacts', `operator-${name}.png`), fullPage: true });
}

async function slip(colour: string): Promise<Uint8Array> {
  return new Uint8Array(await sharp({ create: { width: 320, height: 200, channels: 3, background: colour } }).png().toBuffer());
}

/** Signs the demo operator in, enrolling the second factor on the first sign-in of the run. */
async function signInAsOperator(page: Page, testInfo: TestInfo) {
  await signInAsDemoOperator(page, () => screenshot(page, testInfo, 'enrol'));
}

test('the console never renders without a session: every page sends to sign-in', async ({ page }) => {
  const response = await page.goto('/operator');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/sign-in\?next=%2Foperator$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  // Every page of the console, including a case page and the enrolment, sends to sign-in too.
  for (const path of ['/operator/stuck', '/operator/merchants', '/operator/traders', '/operator/rate', '/operator/audit', '/operator/ledger', `/operator/disputes/payout/${randomUUID()}`, '/operator/enrol']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/sign-in\?next=%2Foperator/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  }
  const proof = await page.request.get(`/operator/proofs/${randomUUID()}`);
  expect(proof.status()).toBe(401);
  expect(proof.headers()['cache-control']).toBe('no-store');
  const evidence = await page.request.get(`/operator/evidence/${randomUUID()}`);
  expect(evidence.status()).toBe(401);
  expect(evidence.headers()['cache-control']).toBe('no-store');
});

test('journey 2: a merchant disputes, an operator signs in with TOTP, sees the proofs, claims and releases, and the balances match', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const baseUrl = baseUrlOf(testInfo);
  const merchant = new CorridorClient({ baseUrl, apiKey: demoCredentials.merchant.apiKey, apiSecret: demoCredentials.merchant.apiSecret });
  const trader = new CorridorTraderClient({ baseUrl, apiKey: demoCredentials.trader.apiKey, apiSecret: demoCredentials.trader.apiSecret });

  // Through the REST APIs: a payout, accepted by the demo trader's bot, two proof images, a dispute.
  const merchantOrderNo = `e2e-operator-${randomUUID()}`;
  const created = ok<{ orderId: string; orderNo: string; usdAmount: string; usdFeeAmount: string }>(
    await merchant.createPayout(
      { merchantOrderNo, fiatAmount: '700.00', recipient: { holderName: 'Li Lei', bankAccount: '6222020200112233445', bankName: 'Bank of China' } },
      merchantOrderNo,
    ),
    'create payout',
  );
  ok(await trader.acceptTask(created.orderId), 'accept');
  ok(await trader.submitProof(created.orderId, [
    { name: 'slip-1.png', type: 'image/png', bytes: await slip('#d8e8ff') },
    { name: 'slip-2.png', type: 'image/png', bytes: await slip('#ffe8d8') },
  ]), 'proof');
  const disputed = ok<{ status: string }>(await merchant.decidePayout(created.orderNo, { decision: 'DISPUTE', reason: 'The recipient says nothing arrived.' }), 'dispute');
  expect(disputed.status).toBe('DISPUTED');

  await signInAsOperator(page, testInfo);
  const before = await consoleBalances(page);

  // The queue lists the dispute, unclaimed, with its reason.
  await page.getByRole('navigation', { name: 'Operator console' }).getByRole('link', { name: 'Disputes' }).click();
  const queued = await rowOf(page, 'Disputes queue', created.orderNo);
  expect(queued).toMatchObject({ Flow: 'Payout', 'Claimed by': 'Unclaimed', Reason: 'The recipient says nothing arrived.' });
  await screenshot(page, testInfo, 'queue');
  await page.getByRole('link', { name: created.orderNo }).click();

  // The case: both proofs load, the timeline has every step, the card number only as last 4.
  await expect(page.getByRole('heading', { level: 1, name: `Payout ${created.orderNo}` })).toBeVisible();
  const proofs = page.getByRole('list', { name: 'Proof images' }).getByRole('img');
  await expect(proofs).toHaveCount(2);
  for (const image of await proofs.all()) {
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
  }
  await expect(page.getByRole('list', { name: 'Timeline' }).getByRole('listitem')).toHaveText([/created/, /accepted/, /proof submitted/, /disputed/]);
  await expect(page.getByText('account ending 3445')).toBeVisible();
  await expect(page.getByText('6222020200112233445')).toHaveCount(0);
  const proofUrl = await proofs.first().getAttribute('src');
  const served = await page.request.get(proofUrl ?? '');
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toMatch(/^image\//);
  expect(served.headers()['cache-control']).toBe('no-store');
  const stranger = await browser.newContext();
  expect((await stranger.request.get(new URL(proofUrl ?? '', baseUrl).href)).status()).toBe(401);
  await stranger.close();

  // Enlarge a proof, then close it.
  await proofs.first().click();
  const dialog = page.getByRole('dialog', { name: 'Proof image 1' });
  await expect(dialog.getByRole('img')).toBeVisible();
  await screenshot(page, testInfo, 'proof-enlarged');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // No ruling before the claim; claim, then rule with a note and a confirmation.
  await expect(page.getByRole('button', { name: 'Release to trader' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Claim this case' }).click();
  await expect(page.getByRole('button', { name: 'Release claim' })).toBeVisible();
  await page.getByRole('button', { name: 'Release to trader' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Choose a reason code first' })).toBeVisible();
  await page.getByLabel('Reason code (required)').selectOption('proof_valid');
  await page.getByRole('button', { name: 'Release to trader' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Write a note first' })).toBeVisible();
  await page.getByLabel('Ruling note (required)').fill('Bank statement shows the transfer; releasing to the trader.');
  await screenshot(page, testInfo, 'case');
  await page.getByRole('button', { name: 'Release to trader' }).click();
  await page.getByRole('group', { name: 'Confirm the ruling' }).getByRole('button', { name: 'Confirm: Release to trader' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'This case is closed: Completed.' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Timeline' }).getByRole('listitem').last()).toContainText('ruled: release');
  await expect(page.getByRole('list', { name: 'Timeline' }).getByRole('listitem').last()).toContainText(`operator ${demoCredentials.operator.name}`);
  await screenshot(page, testInfo, 'resolved');

  // The merchant's API shows the final state; the balances moved by exactly the order's amounts.
  const final = ok<{ status: string }>(await merchant.getPayout(created.orderNo), 'get payout');
  expect(final.status).toBe('COMPLETED');
  const after = await consoleBalances(page);
  expect(after.traderAvailable).toBe(new Decimal(before.traderAvailable).plus(created.usdAmount).toFixed(6));
  expect(after.merchantFrozen).toBe(new Decimal(before.merchantFrozen).minus(created.usdAmount).minus(created.usdFeeAmount).toFixed(6));
  expect(after.merchantAvailable).toBe(before.merchantAvailable);
  await screenshot(page, testInfo, 'merchants');

  // The queue is empty again, and the audit log has the ruling.
  await page.getByRole('navigation', { name: 'Operator console' }).getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Action (e.g. dispute. for a family)').fill('dispute.');
  // This case only: journeys before this one claimed and ruled cases of their own.
  await page.getByLabel('Target id').fill(created.orderId);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByRole('table', { name: 'Audit log' }).getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('table', { name: 'Audit log' })).toContainText('dispute.resolve_release');
  await screenshot(page, testInfo, 'audit');

  // Readable on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('navigation', { name: 'Operator console' }).getByRole('link', { name: 'Disputes' }).click();
  // Other journeys of the run may leave disputes of their own: this case is no longer listed.
  await expect(page.getByText(/open dispute|No open disputes/).first()).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(created.orderNo);
  await screenshot(page, testInfo, 'queue-phone');
});
