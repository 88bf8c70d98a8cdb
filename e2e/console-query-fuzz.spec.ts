import { expect, test, type Page } from '@playwright/test';
import { demoCredentials } from '../server/demo/demo-credentials';
import { merchantOwnerPage } from './merchant-owner';
import { signInAsDemoOperator } from './totp-device';

/**
 * Every console page with a query string a person could have mistyped, pasted or been sent:
 * impossible dates, unknown statuses, huge numbers, unicode that is not text (bidi overrides, lone
 * surrogates as UTF-8 that is not), control characters and repeated keys. No answer is a 5xx, no
 * request the page makes is a 5xx, and where the page reads the parameter it says inline what is
 * wrong; where it reads none, the page is the page.
 */

/** Values no field accepts, each as it would sit in a URL (already percent-encoded where needed). */
const BAD_VALUES = [
  '2026-13-45',
  'yesterday',
  '99999-01-01',
  'NOPE',
  '9'.repeat(400),
  '1e309',
  '-1',
  '%E2%80%AE%F0%9D%94%98',
  '%ED%A0%80',
  '%00',
  '%C0%AF',
  'x'.repeat(5_000),
];

/** Each page, the parameters it reads (empty: none), and where the page reports a refusal. */
type Target = { path: string; reads: string[] };

const merchantPages: Target[] = [
  { path: '/merchant', reads: [] },
  { path: '/merchant/payouts', reads: ['search', 'status', 'from', 'to', 'page'] },
  { path: '/merchant/payins', reads: ['search', 'status', 'from', 'to', 'page'] },
  { path: '/merchant/balance', reads: [] },
  { path: '/merchant/developers', reads: [] },
  { path: '/merchant/developers/requests', reads: [] },
  { path: '/merchant/team', reads: [] },
  { path: '/merchant/audit', reads: [] },
  { path: '/merchant/checkout', reads: [] },
  { path: '/merchant/risk', reads: [] },
];

const operatorPages: Target[] = [
  { path: '/operator', reads: ['merchantId', 'traderId'] },
  { path: '/operator/search', reads: ['q'] },
  { path: '/operator/audit', reads: [] },
  { path: '/operator/ledger', reads: [] },
  { path: '/operator/merchants', reads: [] },
  { path: '/operator/traders', reads: [] },
  { path: '/operator/metrics', reads: [] },
  { path: '/operator/notifications', reads: [] },
  { path: '/operator/rate', reads: [] },
  { path: '/operator/security', reads: [] },
  { path: '/operator/settings', reads: [] },
  { path: '/operator/stuck', reads: [] },
];

const traderPages: Target[] = ['/trader', '/trader/pool', '/trader/payouts', '/trader/payins', '/trader/quotes', '/trader/ledger', '/trader/notifications'].map((path) => ({
  path,
  reads: [],
}));

/** Order pages whose path holds a reference: a reference that names nothing is "not found", never a 5xx. */
const referencePages = {
  merchant: ['/merchant/payouts/', '/merchant/payins/'],
  operator: ['/operator/orders/', '/operator/disputes/payout/', '/operator/disputes/payin/', '/operator/disputes/nope/'],
};

/** Collects every 5xx answer to the page and the requests it makes, from navigation to settling. */
function serverErrors(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 500) seen.push(`${response.status()} ${response.request().method()} ${response.url().slice(0, 200)}`);
  });
  return seen;
}

async function visit(page: Page, url: string, errors: string[]): Promise<void> {
  const response = await page.goto(url, { waitUntil: 'domcontentloaded' });
  expect(response, url).not.toBeNull();
  expect(response!.status(), `${url.slice(0, 200)} answered ${response!.status()}`).toBeLessThan(500);
  // The page's own queries run after hydration; wait for them before judging.
  await page.waitForLoadState('networkidle');
  await expect(page.locator('h1').first(), `${url.slice(0, 200)}: the page has its heading`).toBeVisible();
  expect(errors, `${url.slice(0, 200)}: no request answered 5xx`).toEqual([]);
}

/** The refusal the page shows inline, in its own words (not a stack, not a raw code alone). */
async function expectInlineRefusal(page: Page, url: string): Promise<void> {
  const alert = page.getByRole('alert').filter({ hasText: /\S/ }).first();
  await expect(alert, `${url.slice(0, 200)}: an inline error`).toBeVisible();
  await expect(alert).not.toHaveText(/^[A-Z_]+$/);
  await expect(alert).not.toContainText('Internal');
}

/** An odd text in a free search box is a search that finds nothing; a control character or an over-long one is refused. */
function refused(name: string, value: string): boolean {
  // A URL's malformed UTF-8 reads as U+FFFD, which is text.
  return !(name === 'search' || name === 'q') || /%00|^x{5000}$/.test(value);
}

/** The values the browser renders for each parameter (every value is asked over HTTP first). */
const RENDERED = ['2026-13-45', '%00', '%ED%A0%80', 'x'.repeat(5_000)];

async function fuzz(page: Page, targets: Target[]): Promise<number> {
  const errors = serverErrors(page);
  let visits = 0;
  for (const target of targets) {
    // Parameters the page does not read change nothing: the page renders as itself, without an error.
    const ignored = `${target.path}?from=2026-13-45&status=NOPE&page=${'9'.repeat(400)}&zz=%ED%A0%80&zz=%00`;
    if (target.reads.length === 0) {
      await visit(page, ignored, errors);
      await expect(page.getByRole('alert').filter({ hasText: /\S/ }), `${target.path}: no error for parameters it does not read`).toHaveCount(0);
      visits += 1;
      continue;
    }
    for (const name of target.reads) {
      // Every value and a repeated key, over HTTP with the session: never a 5xx.
      for (const query of [...BAD_VALUES.map((value) => `${name}=${value}`), `${name}=NOPE&${name}=2026-13-45`]) {
        const response = await page.request.get(`${target.path}?${query}`, { maxRedirects: 0 });
        expect(response.status(), `${target.path}?${query.slice(0, 120)} answered ${response.status()}`).toBeLessThan(500);
        visits += 1;
      }
      // Rendered in the browser, with the requests the page makes itself: the refusal shows inline.
      for (const value of RENDERED) {
        const url = `${target.path}?${name}=${value}`;
        await visit(page, url, errors);
        if (refused(name, value)) await expectInlineRefusal(page, url);
      }
    }
  }
  return visits;
}

async function fuzzReferences(page: Page, prefixes: string[]): Promise<number> {
  const errors = serverErrors(page);
  let visits = 0;
  for (const prefix of prefixes) {
    for (const reference of ['NOPE', '00000000-0000-4000-8000-000000000000', '%E2%80%AE%F0%9D%94%98', '%ED%A0%80', '%00', 'x'.repeat(2_000)]) {
      const url = `${prefix}${reference}`;
      const response = await page.goto(url, { waitUntil: 'domcontentloaded' });
      expect(response!.status(), `${url.slice(0, 120)} answered ${response!.status()}`).toBeLessThan(500);
      await page.waitForLoadState('networkidle');
      await expect(page.getByText(/not found|no such|找不到|不存在|could not be found|not valid/i).first(), `${url.slice(0, 120)}: says it is not found`).toBeVisible();
      expect(errors, `${url.slice(0, 120)}: no request answered 5xx`).toEqual([]);
      visits += 1;
    }
  }
  return visits;
}

test.describe.configure({ mode: 'serial' });

test('the operator console answers every mistyped query string and reference with its own page or an inline error, never a 5xx', async ({ page }) => {
  test.setTimeout(600_000);
  await signInAsDemoOperator(page);
  const visits = (await fuzz(page, operatorPages)) + (await fuzzReferences(page, referencePages.operator));
  test.info().annotations.push({ type: 'visits', description: String(visits) });
});

test('the merchant console answers every mistyped query string and reference with its own page or an inline error, never a 5xx', async ({ page, browser }) => {
  test.setTimeout(600_000);
  await signInAsDemoOperator(page);
  const owner = await merchantOwnerPage(page, browser, 'Query Fuzz Co');
  const visits = (await fuzz(owner, merchantPages)) + (await fuzzReferences(owner, referencePages.merchant));
  test.info().annotations.push({ type: 'visits', description: String(visits) });
});

test('the trader dashboard renders itself whatever its query string holds, never a 5xx', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto(`/sign-in?next=${encodeURIComponent('/trader')}`);
  await page.getByLabel('Email').fill(demoCredentials.trader.email);
  await page.getByLabel('Password').fill(demoCredentials.trader.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/trader$/);
  await fuzz(page, traderPages);
});
