import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { CorridorClient, CorridorTraderClient, isApiError, type ApiResponse } from '../clients/node/corridor-client';
import { demoCredentials } from '../server/demo/demo-credentials';
import { expectAccessible } from './accessibility';
import { invitationLinkFor } from './invitation-link';
import { enrolOnPage, signInAsDemoOperator } from './totp-device';

/**
 * What a person sees on the pages that had small flaws: fields under their labels, checkboxes on
 * their label's line, cards that hold their text, pages no wider than a phone, one status line per
 * upload, docs that say each thing once and a search that reads their text, and a demo checkout one
 * click away. Each page at a small phone (375x568) and a wide screen (1440x900), with axe.
 */

const SIZES = [
  { name: 'phone', width: 375, height: 568 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

function ok<T>(response: ApiResponse<unknown>, what: string): T {
  if (isApiError(response.body)) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body.error)}`);
  return response.body as T;
}

function clientsOf(testInfo: TestInfo) {
  const baseUrl = testInfo.project.use.baseURL!;
  return {
    merchant: new CorridorClient({ baseUrl, apiKey: demoCredentials.merchant.apiKey, apiSecret: demoCredentials.merchant.apiSecret }),
    trader: new CorridorTraderClient({ baseUrl, apiKey: demoCredentials.trader.apiKey, apiSecret: demoCredentials.trader.apiSecret }),
  };
}

async function trpcOk<T>(page: Page, procedure: string, input: unknown, method: 'query' | 'mutation'): Promise<T> {
  const response =
    method === 'query'
      ? await page.request.get(`/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`)
      : await page.request.post(`/api/trpc/${procedure}`, { data: input });
  expect(response.ok(), `${procedure}: ${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

/** No horizontal scroll: the page is no wider than the viewport. */
async function expectNoSideScroll(page: Page, where: string) {
  const { scroll, viewport } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(scroll, `${where} is ${scroll}px wide in a ${viewport}px viewport`).toBeLessThanOrEqual(viewport);
}

/** The element lies inside the viewport's width, and inside `container` when one is given. */
async function expectInside(element: Locator, container: Locator | null, where: string) {
  const box = await element.boundingBox();
  const viewport = await element.page().evaluate(() => window.innerWidth);
  if (!box) throw new Error(`${where}: not rendered`);
  expect(box.x, `${where}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${where}: right edge in a ${viewport}px viewport`).toBeLessThanOrEqual(viewport);
  if (container) {
    const outer = await container.boundingBox();
    if (!outer) throw new Error(`${where}: container not rendered`);
    expect(box.x, `${where}: left edge inside its card`).toBeGreaterThanOrEqual(outer.x);
    expect(box.x + box.width, `${where}: right edge inside its card`).toBeLessThanOrEqual(outer.x + outer.width + 0.5);
    expect(box.y + box.height, `${where}: bottom inside its card`).toBeLessThanOrEqual(outer.y + outer.height + 0.5);
  }
}

/**
 * A checkbox as people expect it: a small box at the start of its label's first line, the text
 * right after it (not a large empty box above the text).
 */
async function expectCheckboxOnItsLine(checkbox: Locator, where: string) {
  const layout = await checkbox.evaluate((input) => {
    const label = input.closest('label') ?? (input.id ? document.querySelector(`label[for="${input.id}"]`) : null);
    if (!label) return null;
    const range = document.createRange();
    const text = [...label.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
    if (!text) return null;
    range.selectNodeContents(text);
    const line = [...range.getClientRects()].find((rect) => rect.width > 0);
    const box = input.getBoundingClientRect();
    return line ? { box: { top: box.top, bottom: box.bottom, right: box.right, width: box.width, height: box.height }, line: { top: line.top, bottom: line.bottom, left: line.left } } : null;
  });
  expect(layout, `${where}: a label with text holds the checkbox`).not.toBeNull();
  const { box, line } = layout!;
  expect(box.height, `${where}: box height`).toBeLessThanOrEqual(24);
  expect(box.width, `${where}: box width`).toBeLessThanOrEqual(24);
  // On the first line of the text: the box's middle lies between that line's top and bottom.
  const middle = (box.top + box.bottom) / 2;
  expect(middle, `${where}: box beside the first line of its label`).toBeGreaterThanOrEqual(line.top);
  expect(middle, `${where}: box beside the first line of its label`).toBeLessThanOrEqual(line.bottom);
  expect(line.left, `${where}: text after the box`).toBeGreaterThanOrEqual(box.right);
}

async function atEachSize(page: Page, check: (size: (typeof SIZES)[number]) => Promise<void>) {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await check(size);
  }
}

async function demoMerchantId(operator: Page): Promise<string> {
  const merchants = await trpcOk<{ id: string; name: string }[]>(operator, 'operator.merchants.list', {}, 'query');
  const demo = merchants.find((merchant) => merchant.name === demoCredentials.merchant.name);
  if (!demo) throw new Error('the demo merchant is seeded');
  return demo.id;
}

const field = (page: Page) => page.getByRole('group', { name: 'Confirm your transfer' }).getByLabel('Name on the account you paid from (optional)');

const slip = async (colour: string) => new Uint8Array(await sharp({ create: { width: 320, height: 200, channels: 3, background: colour } }).png().toBuffer());

test('the checkout demo makes a pay-in with one click; the payer-name field sits under its label; an upload has one status line', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const operator = await browser.newPage();
  await signInAsDemoOperator(operator);
  const merchantId = await demoMerchantId(operator);
  const before = await trpcOk<{ checkoutDisplayName: string | null; checkoutAccentColor: string | null; askPayerName: boolean }>(operator, 'operator.merchants.checkout', { merchantId }, 'query');
  await trpcOk(operator, 'operator.merchants.updateCheckout', { merchantId, settings: { checkoutDisplayName: before.checkoutDisplayName ?? '', checkoutAccentColor: before.checkoutAccentColor ?? '', askPayerName: true } }, 'mutation');
  try {
    await atEachSize(page, async (size) => {
      await page.goto('/demo/checkout');
      await expectNoSideScroll(page, `/demo/checkout at ${size.name}`);
      await expectAccessible(page, `/demo/checkout at ${size.name}`);
      await page.getByRole('button', { name: 'Create a demo pay-in' }).click();
      await expect(page).toHaveURL(/\/pay\/[A-Za-z0-9_-]{43}$/);
      await expect(page.getByText(/^Transfer exactly ¥500\.\d\d in one single transfer\.$/)).toBeVisible();

      await page.getByRole('button', { name: 'I Have Paid' }).click();
      const confirmation = page.getByRole('group', { name: 'Confirm your transfer' });
      const payerName = field(page);
      const label = confirmation.locator('label', { hasText: 'Name on the account you paid from' });
      await expect(payerName).toBeVisible();
      const [fieldBox, labelBox, groupBox] = await Promise.all([payerName.boundingBox(), label.boundingBox(), confirmation.boundingBox()]);
      if (!fieldBox || !labelBox || !groupBox) throw new Error('the payer-name field is rendered');
      // Under its label, as wide as the confirmation's content (not squeezed beside the label's text).
      expect(fieldBox.y, `${size.name}: field under its label`).toBeGreaterThanOrEqual(labelBox.y + labelBox.height - 1);
      expect(fieldBox.width, `${size.name}: field width`).toBeGreaterThan(groupBox.width * 0.8);
      expect(fieldBox.height, `${size.name}: field height`).toBeGreaterThanOrEqual(40);
      await expectInside(payerName, confirmation, `payer-name field at ${size.name}`);
      await expectNoSideScroll(page, `the confirmation at ${size.name}`);
      await expectAccessible(page, `the confirmation at ${size.name}`);
    });

    // The upload: one status line, however many screenshots went up.
    await field(page).fill('Li Na');
    await page.getByRole('group', { name: 'Confirm your transfer' }).getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment reported, waiting for the payee to confirm' })).toBeVisible();
    const receipts = page.getByRole('form', { name: 'Screenshots of your transfer' });
    await receipts.getByLabel(/Choose up to 3 images/).setInputFiles([{ name: 'receipt.png', mimeType: 'image/png', buffer: Buffer.from(await slip('#1f7a3a')) }]);
    await receipts.getByRole('button', { name: 'Attach' }).click();
    await expect(receipts.getByRole('status')).toHaveText('1 screenshot attached.');
    await expect(page.getByText(/screenshots? attached/)).toHaveCount(1);
    await expect(page.getByTestId('receipts-status')).toHaveCount(1);
    await expectNoSideScroll(page, 'the waiting screen');
    await expectAccessible(page, 'the waiting screen with a receipt');
  } finally {
    await trpcOk(operator, 'operator.merchants.updateCheckout', { merchantId, settings: { checkoutDisplayName: before.checkoutDisplayName ?? '', checkoutAccentColor: before.checkoutAccentColor ?? '', askPayerName: before.askPayerName } }, 'mutation');
  }
});

test('checkboxes sit on their label’s line: the trader’s auto-confirm, the queue’s Overdue only, the operator’s checkout settings', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const trader = await (await browser.newContext()).newPage();
  await trader.goto('/sign-in?next=%2Ftrader%2Fquotes');
  await trader.getByLabel(/^(Email|邮箱)$/).fill(demoCredentials.trader.email);
  await trader.getByLabel(/^(Password|密码)$/).fill(demoCredentials.trader.password);
  await trader.getByRole('button', { name: /^(Sign in|登录)$/ }).click();
  const autoConfirm = trader.getByLabel("Confirm pay-ins from this account's bank notifications");
  await expect(autoConfirm).toBeVisible();
  await atEachSize(trader, async (size) => {
    await expectCheckboxOnItsLine(autoConfirm, `trader auto-confirm at ${size.name}`);
    await expectNoSideScroll(trader, `/trader/quotes at ${size.name}`);
    await expectAccessible(trader, `/trader/quotes at ${size.name}`);
  });

  await signInAsDemoOperator(page);
  const overdueOnly = page.getByRole('form', { name: 'Queue filters' }).getByLabel('Overdue only');
  await expect(overdueOnly).toBeVisible();
  const queueControls = page.getByRole('button', { name: 'Filters and actions' });
  await atEachSize(page, async (size) => {
    // A phone shows the queue first; its filters open from a button.
    if ((await queueControls.isVisible()) && (await queueControls.getAttribute('aria-expanded')) === 'false') await queueControls.click();
    await expectCheckboxOnItsLine(overdueOnly, `Overdue only at ${size.name}`);
    await expectNoSideScroll(page, `/operator at ${size.name}`);
    await expectAccessible(page, `/operator at ${size.name}`);
  });

  await page.goto('/operator/merchants');
  await page.getByRole('button', { name: `Manage ${demoCredentials.merchant.name}` }).click();
  const ask = page.getByLabel('Ask the buyer for the payer’s name');
  await expect(ask).toBeVisible();
  await atEachSize(page, async (size) => {
    await expectCheckboxOnItsLine(ask, `operator checkout settings at ${size.name}`);
    await expectNoSideScroll(page, `/operator/merchants at ${size.name}`);
    await expectAccessible(page, `/operator/merchants at ${size.name}`);
  });
});

test('a merchant owner’s overview fits a phone, and the checkout settings’ checkbox sits on its line', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const tag = randomUUID().slice(0, 8);
  const merchantName = `Polish Co ${tag}`;
  const email = `polish-owner-${tag}@example.com`;
  const password = 'a long console password';
  await signInAsDemoOperator(page);
  await page.goto('/operator/merchants');
  const create = page.getByRole('form', { name: 'Create a merchant' });
  await create.getByLabel('Name').fill(merchantName);
  await create.getByRole('button', { name: 'Create merchant' }).click();
  await page.getByRole('button', { name: `Manage ${merchantName}` }).click();
  const ownerForm = page.getByRole('form', { name: 'Invite the first owner' });
  await ownerForm.getByLabel('Owner email').fill(email);
  await ownerForm.getByRole('button', { name: 'Create owner invitation' }).click();
  const link = await invitationLinkFor(page, email);

  const owner = await (await browser.newContext({ viewport: { width: 412, height: 915 } })).newPage();
  await owner.goto(link);
  await owner.getByLabel('Your name').fill('Polly Owner');
  await owner.getByLabel('Password', { exact: true }).fill(password);
  await owner.getByLabel('Repeat the password').fill(password);
  await owner.getByRole('button', { name: 'Join the team' }).click();
  await owner.getByRole('link', { name: 'Sign in' }).click();
  await owner.getByLabel('Email').fill(email);
  await owner.getByLabel('Password').fill(password);
  await owner.getByRole('button', { name: 'Sign in' }).click();
  await enrolOnPage(owner, 'Confirm and open the console');
  await expect(owner.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();

  // The phone the review used (412 px), then the two sizes of every page here.
  await expectNoSideScroll(owner, 'the overview at 412 px');
  await expectInside(owner.getByTestId('balance-available'), owner.locator('.figure-card').first(), 'the available balance at 412 px');
  await atEachSize(owner, async (size) => {
    await expectNoSideScroll(owner, `the overview at ${size.name}`);
    for (const figure of await owner.locator('.figure-big').all()) await expectInside(figure, null, `a big figure at ${size.name}`);
    await expectAccessible(owner, `the overview at ${size.name}`);
  });

  await owner.goto('/merchant/checkout');
  const ask = owner.getByLabel('Ask the buyer for the name on the account they paid from');
  await expect(ask).toBeVisible();
  await atEachSize(owner, async (size) => {
    await expectCheckboxOnItsLine(ask, `merchant checkout settings at ${size.name}`);
    await expectNoSideScroll(owner, `/merchant/checkout at ${size.name}`);
    await expectAccessible(owner, `/merchant/checkout at ${size.name}`);
  });
});

test('the operator: Cancel and unfreeze without a note asks for it in the row; a duplicate proof’s note stays in its card', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const { merchant, trader } = clientsOf(testInfo);
  const recipient = { holderName: 'Han Meimei', bankAccount: '6222020200119988776', bankName: 'Bank of China' };

  // A payout no trader has taken: the stuck page lists it as unmatched.
  const stuckNo = `e2e-polish-stuck-${randomUUID()}`;
  const stuck = ok<{ orderId: string; orderNo: string }>(await merchant.createPayout({ merchantOrderNo: stuckNo, fiatAmount: '120.00', recipient }, stuckNo), 'create payout');

  // Two payouts with the same proof image, the second disputed: its proof is flagged as a duplicate.
  const image = await slip('#3a5f8c');
  const proofed: { orderId: string; orderNo: string }[] = [];
  for (const n of [1, 2]) {
    const merchantOrderNo = `e2e-polish-dup-${n}-${randomUUID()}`;
    const created = ok<{ orderId: string; orderNo: string }>(await merchant.createPayout({ merchantOrderNo, fiatAmount: '130.00', recipient }, merchantOrderNo), 'create payout');
    ok(await trader.acceptTask(created.orderId), 'accept');
    ok(await trader.submitProof(created.orderId, [{ name: 'slip.png', type: 'image/png', bytes: image }]), 'proof');
    proofed.push(created);
  }
  ok(await merchant.decidePayout(proofed[1]!.orderNo, { decision: 'DISPUTE', reason: 'Same slip as another payout' }), 'dispute');

  await signInAsDemoOperator(page);
  await page.goto('/operator/stuck');
  await page.getByLabel(/Unmatched after/).fill('0');
  const row = page.getByRole('row').filter({ hasText: stuck.orderNo });
  await expect(row).toBeVisible();
  await atEachSize(page, async (size) => {
    await expectNoSideScroll(page, `/operator/stuck at ${size.name}`);
    await expectAccessible(page, `/operator/stuck at ${size.name}`);
  });

  // No note: no "cannot be undone" dialog, the row asks for the note, nothing under the table.
  await row.getByRole('button', { name: 'Cancel and unfreeze' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  const note = row.getByLabel(`Note for ${stuck.orderNo}`);
  await expect(row.getByRole('alert')).toHaveText('Write a note first: it goes to the audit log with the action.');
  await expect(note).toBeFocused();
  await expect(note).toHaveAttribute('aria-invalid', 'true');
  // The one alert is the row's (Next's route announcer, also an alert, is left out).
  await expect(page.locator('[role="alert"]:not(#__next-route-announcer__)')).toHaveCount(1);
  await expectAccessible(page, '/operator/stuck with the note missing');

  // With a note: the confirmation, then the cancellation.
  await note.fill('Recipient asked to cancel');
  await row.getByRole('button', { name: 'Cancel and unfreeze' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel payout ${stuck.orderNo}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel and unfreeze' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${stuck.orderNo} cancelled` })).toBeVisible();
  await expect(page.locator('[role="alert"]:not(#__next-route-announcer__)')).toHaveCount(0);

  // The duplicate's note wraps inside its card.
  await page.goto(`/operator/disputes/payout/${proofed[1]!.orderId}`);
  const duplicate = page.locator('.proofs li').filter({ has: page.getByRole('note') }).first();
  const badge = duplicate.getByRole('note');
  await expect(badge).toContainText(`Duplicate: also on ${proofed[0]!.orderNo}`);
  await atEachSize(page, async (size) => {
    await expectInside(badge, duplicate, `the Duplicate note at ${size.name}`);
    await expectNoSideScroll(page, `the case page at ${size.name}`);
    await expectAccessible(page, `the case page at ${size.name}`);
  });
});

test('the trader’s pay-in card in Chinese ends its sentence with 。 right after the last word', async ({ browser }, testInfo) => {
  const { merchant } = clientsOf(testInfo);
  const merchantOrderNo = `e2e-polish-zh-${randomUUID()}`;
  const created = ok<{ orderNo: string }>(await merchant.createPayin({ merchantOrderNo, fiatAmount: '166.00' }), 'create pay-in');
  const context = await browser.newContext({ locale: 'zh-CN', extraHTTPHeaders: { 'Accept-Language': 'zh-CN,zh;q=0.9' } });
  const page = await context.newPage();
  await page.goto('/sign-in?next=%2Ftrader%2Fpayins');
  await page.getByLabel(/Email|邮箱/).fill(demoCredentials.trader.email);
  await page.getByLabel(/Password|密码/).fill(demoCredentials.trader.password);
  await page.getByRole('button', { name: /Sign in|登录/ }).click();
  await page.getByRole('group', { name: 'Language / 语言' }).getByRole('button', { name: '中文' }).click();
  const card = page.getByRole('article').filter({ hasText: created.orderNo });
  await expect(card).toBeVisible({ timeout: 15_000 });
  const reference = ((await card.getByTestId('payin-reference').textContent()) ?? '').trim();
  expect(reference).toMatch(/^[A-Z2-9]{6}$/);
  const sentence = card.locator('p', { hasText: '应到账' });
  const text = (await sentence.textContent()) ?? '';
  expect(text).toMatch(new RegExp(`^应到账 ¥166\\.\\d\\d，附言应含参考码 ${reference}。$`));
  await atEachSize(page, async (size) => {
    await expectNoSideScroll(page, `/trader/payins at ${size.name}`);
    await expectAccessible(page, `/trader/payins at ${size.name}`);
  });
  await context.close();
});

test('the docs: steps and headings once, code at 4.5:1, and the search finds a word of a section’s text', async ({ page }) => {
  // axe over the whole API reference at each size is the long part, most of all on a busy machine.
  test.setTimeout(150_000);
  await page.goto('/docs/api');
  const payoutSteps = page.locator('article ol').first().getByRole('listitem');
  await expect(payoutSteps).toHaveCount(4);
  await expect(page.locator('article ol').first().getByText(/Corridor sends you payout\.proof_submitted/)).toHaveCount(1);
  await atEachSize(page, async (size) => {
    // axe's color-contrast rule on the highlighted examples, then every rule.
    const contrast = await new AxeBuilder({ page }).withRules(['color-contrast']).include('pre').analyze();
    expect(contrast.passes.length + contrast.violations.length, 'axe looked at the code').toBeGreaterThan(0);
    expect(contrast.violations.flatMap((violation) => violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`))).toEqual([]);
    await expectNoSideScroll(page, `/docs/api at ${size.name}`);
    await expectAccessible(page, `/docs/api at ${size.name}`);
  });

  await page.goto('/docs/merchant-guide');
  await expect(page.getByRole('heading', { name: 'Invitations', exact: true })).toHaveCount(1);

  // "argon2id" is in the text of docs/security.md, in no heading.
  await atEachSize(page, async (size) => {
    await page.goto('/docs');
    if (size.name === 'phone') await page.getByRole('button', { name: /Docs menu/ }).click();
    const search = page.getByRole('searchbox', { name: 'Search the docs' });
    await search.fill('argon2id');
    await expect(page.getByRole('status').filter({ hasText: 'No heading matches; Enter searches the text of every page.' })).toBeVisible();
    await search.press('Enter');
    await expect(page).toHaveURL(/\/docs\/search\?q=argon2id$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Search the docs' })).toBeVisible();
    const results = page.getByRole('list', { name: 'Sections mentioning argon2id' }).getByRole('listitem');
    await expect(results.first()).toContainText('Passwords are hashed with argon2id');
    await expect(results.first().getByRole('link')).toHaveAttribute('href', /^\/docs\/security#/);
    await expectNoSideScroll(page, `/docs/search at ${size.name}`);
    await expectAccessible(page, `/docs/search at ${size.name}`);
    await results.first().getByRole('link').click();
    await expect(page).toHaveURL(/\/docs\/security#/);
  });
});
