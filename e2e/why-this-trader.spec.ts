import { randomUUID } from 'node:crypto';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { CorridorClient, isApiError, type ApiResponse, type PayinCreated } from '../clients/node/corridor-client';
import { demoCredentials } from '../server/demo/demo-credentials';
import { expectAccessible } from './accessibility';
import { signInAsDemoOperator } from './totp-device';

/**
 * "Why this trader" (docs/routing.md): after a pay-in is matched, the operator's page of that
 * pay-in shows how it was routed, on a phone and a desktop, in English and Chinese.
 */

const phone = { width: 375, height: 568 };
const desktop = { width: 1440, height: 900 };

const baseUrlOf = (testInfo: TestInfo) => testInfo.project.use.baseURL ?? '';

function ok<T>(response: ApiResponse<unknown>, what: string): T {
  if (isApiError(response.body)) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body.error)}`);
  return response.body as T;
}

/** No horizontal scroll: the page is no wider than the viewport. */
async function expectFitsViewport(page: Page, where: string) {
  const { scroll, viewport } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(scroll, `${where} is ${scroll}px wide in a ${viewport}px viewport`).toBeLessThanOrEqual(viewport);
}

test('after a match the operator reads why the pay-in went to its trader (en, zh)', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const merchant = new CorridorClient({ baseUrl: baseUrlOf(testInfo), apiKey: demoCredentials.merchant.apiKey, apiSecret: demoCredentials.merchant.apiSecret });
  const created = ok<PayinCreated>(await merchant.createPayin({ merchantOrderNo: `why-${randomUUID()}`, fiatAmount: '300.00' }), 'create pay-in');
  expect(created.status).toBe('PENDING_PAYMENT');

  await signInAsDemoOperator(page);
  for (const viewport of [phone, desktop]) {
    await page.setViewportSize(viewport);
    await page.goto(`/operator/orders/${created.orderNo}`);
    const panel = page.getByRole('region', { name: 'Why this trader' });
    await expect(panel).toBeVisible();
    const facts = panel.getByRole('definition');
    await expect(facts.first()).toHaveText(/^(price only|scored)$/);
    await expect(panel).toContainText(/\d+ of \d+ candidates/);
    await expectFitsViewport(page, `why this trader at ${viewport.width}px`);
    await expectAccessible(page, `why this trader at ${viewport.width}px`);
  }
  await page.context().addCookies([{ name: 'corridor-lang', value: 'zh', url: baseUrlOf(testInfo) }]);
  await page.reload();
  await expect(page.getByRole('region', { name: '为何分配给此承兑商' })).toBeVisible();
  await page.context().addCookies([{ name: 'corridor-lang', value: 'en', url: baseUrlOf(testInfo) }]);
});
