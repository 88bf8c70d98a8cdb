import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { CorridorClient, CorridorTraderClient, isApiError } from '../clients/node/corridor-client';
import { demoCredentials } from '../server/demo/demo-credentials';
import { expectAccessible } from './accessibility';
import { invitationLinkFor } from './invitation-link';
import { enrolOnPage, signInAsDemoOperator } from './totp-device';

const PASSWORD = 'a long console password';
const CARD = '6222020200112233445';
const viewports = [
  { width: 375, height: 568 },
  { width: 1440, height: 900 },
];

/** What the merchant reads, per language: the labels the journey types into and the sentences it expects. */
const words = {
  en: {
    search: 'orderNo or merchantOrderNo',
    apply: 'Search',
    oneOrder: '1 order',
    needsDecision: 'Needs your decision',
    awaitingFilter: 'Show the payouts waiting for your decision',
    proofImage: 'Proof image 1',
    confirm: 'Confirm: the money arrived',
    now: (proofAt: string) => `Waiting for your decision: the trader uploaded proof of the transfer on ${proofAt}.`,
    next: (due: string) => `What you do next: Check the proof, then Confirm or Dispute before ${due}. If you do neither by then, the payout is disputed for you and an operator rules.`,
  },
  zh: {
    search: '平台订单号或商户订单号',
    apply: '搜索',
    oneOrder: '共 1 笔订单',
    needsDecision: '待您决定',
    awaitingFilter: '只看待您决定的代付',
    proofImage: '凭证图片 1',
    confirm: '确认：款项已到账',
    now: (proofAt: string) => `待您决定：承兑商已于 ${proofAt} 上传转账凭证。`,
    next: (due: string) => `您接下来要做的： 请核对凭证，然后在 ${due} 前确认或发起争议。逾期未决定的，系统将代您发起争议，由运营人员裁决。`,
  },
} as const;

/** The console's way of writing an instant: UTC, to the second. */
const consoleTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

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

test('a merchant finds a payout waiting for them in any case, reads its state and next step in words, the recipient and the proof above the decision, in English and Chinese, on a phone and a desktop', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const tag = randomUUID().slice(0, 8);
  const merchantName = `Order Page Co ${tag}`;
  const owner = { name: 'Olga Owner', email: `order-page-owner-${tag}@example.com` };

  // An operator creates the merchant (its API key is shown once), credits it and invites its owner.
  await signInAsDemoOperator(page);
  await page.goto('/operator/merchants');
  const create = page.getByRole('form', { name: 'Create a merchant' });
  await create.getByLabel('Name').fill(merchantName);
  await create.getByRole('button', { name: 'Create merchant' }).click();
  const created = page.getByRole('status').filter({ hasText: 'API secret' });
  const apiKey = ((await created.getByText(/^API key: /).textContent()) ?? '').replace('API key: ', '').trim();
  const apiSecret = ((await created.getByText(/^API secret: /).textContent()) ?? '').replace('API secret: ', '').trim();
  const merchants = (await (await page.request.get(`/api/trpc/operator.merchants.list?input=${encodeURIComponent('{}')}`)).json()) as { result: { data: { id: string; name: string }[] } };
  const merchantId = merchants.result.data.find((m) => m.name === merchantName)?.id ?? '';
  const credit = await page.request.post('/api/trpc/operator.traders.adjustBalance', {
    data: { owner: { type: 'merchant', id: merchantId }, direction: 'credit', amount: '500.000000', memo: 'Order page journey funding' },
  });
  expect(credit.status()).toBe(200);
  await page.getByRole('button', { name: `Manage ${merchantName}` }).click();
  const ownerForm = page.getByRole('form', { name: 'Invite the first owner' });
  await ownerForm.getByLabel('Owner email').fill(owner.email);
  await ownerForm.getByRole('button', { name: 'Create owner invitation' }).click();
  const ownerPage = await joinWithLink(browser, await invitationLinkFor(page, owner.email), owner);
  await enrolOnPage(ownerPage, 'Confirm and open the console');
  await expect(ownerPage).toHaveURL(/\/merchant$/);

  // A payout with a mixed-case merchantOrderNo, taken by the demo trader, who uploads proof.
  const merchant = new CorridorClient({ baseUrl: baseURL ?? '', apiKey, apiSecret });
  const trader = new CorridorTraderClient({ baseUrl: baseURL ?? '', apiKey: demoCredentials.trader.apiKey, apiSecret: demoCredentials.trader.apiSecret });
  const merchantOrderNo = `Shop-Order-${tag.toUpperCase()}`;
  const payout = await merchant.createPayout({ merchantOrderNo, fiatAmount: '100.00', recipient: { holderName: 'Wang Fang', bankAccount: CARD, bankName: 'Bank of China' } }, merchantOrderNo);
  if (isApiError(payout.body)) throw new Error(payout.body.error.message);
  const { orderId, orderNo } = payout.body as { orderId: string; orderNo: string };
  expect(isApiError((await trader.acceptTask(orderId)).body)).toBe(false);
  const slip = new Uint8Array(await sharp({ create: { width: 320, height: 200, channels: 3, background: '#d8e8ff' } }).png().toBuffer());
  expect(isApiError((await trader.submitProof(orderId, [{ name: 'slip.png', type: 'image/png', bytes: slip }])).body)).toBe(false);
  const detail = (await merchant.getPayout(orderNo)).body as { status: string; firstProofSubmittedAt: string; merchantActionDueAt: string };
  expect(detail.status).toBe('PAYMENT_SUBMITTED');
  const proofAt = consoleTime(detail.firstProofSubmittedAt);
  const dueAt = consoleTime(detail.merchantActionDueAt);

  for (const lang of ['en', 'zh'] as const) {
    const w = words[lang];
    await ownerPage.context().addCookies([{ name: 'corridor-lang', value: lang, url: baseURL ?? '' }]);
    for (const viewport of viewports) {
      const where = `${lang} at ${viewport.width}x${viewport.height}`;
      await ownerPage.setViewportSize(viewport);

      // The list: the payout waiting for a decision carries the badge, and one link lists only those.
      await ownerPage.goto('/merchant/payouts');
      await ownerPage.getByRole('link', { name: w.awaitingFilter }).click();
      await expect(ownerPage).toHaveURL(/[?&]status=PAYMENT_SUBMITTED/);
      const row = ownerPage.getByRole('row').filter({ hasText: orderNo });
      await expect(row.getByTestId('needs-decision')).toHaveText(w.needsDecision);
      await expectAccessible(ownerPage, `/merchant/payouts?status=PAYMENT_SUBMITTED ${where}`);

      // The search, in another case than the order's numbers: the merchantOrderNo in lower case
      // on the phone, the orderNo in lower case on the desktop.
      await ownerPage.goto('/merchant/payouts');
      await ownerPage.getByLabel(w.search).fill(viewport.width < 500 ? merchantOrderNo.toLowerCase() : orderNo.toLowerCase());
      await ownerPage.getByRole('button', { name: w.apply, exact: true }).click();
      await expect(ownerPage.getByTestId('order-total')).toHaveText(w.oneOrder);
      await expect(ownerPage.getByRole('row').filter({ hasText: merchantOrderNo }).getByTestId('needs-decision')).toHaveText(w.needsDecision);
      await expectAccessible(ownerPage, `/merchant/payouts?search ${where}`);

      // The order page: the state and the next step in words, the recipient, the proof, then the buttons.
      await ownerPage.getByRole('link', { name: orderNo }).click();
      await expect(ownerPage.getByTestId('status-sentence')).toHaveText(w.now(proofAt));
      await expect(ownerPage.getByTestId('next-step')).toHaveText(w.next(dueAt));
      await expect(ownerPage.getByTestId('recipient-holder')).toHaveText('Wang Fang');
      await expect(ownerPage.getByTestId('recipient-account')).toHaveText('•••• 3445');
      expect(await ownerPage.content()).not.toContain(CARD);
      const proof = ownerPage.getByRole('img', { name: w.proofImage });
      const confirm = ownerPage.getByRole('button', { name: w.confirm });
      await expect(proof).toBeVisible();
      await expect(confirm).toBeVisible();
      const [sentenceBox, proofBox, confirmBox] = await Promise.all([ownerPage.getByTestId('status-sentence').boundingBox(), proof.boundingBox(), confirm.boundingBox()]);
      expect(sentenceBox && proofBox && sentenceBox.y + sentenceBox.height <= proofBox.y, `${where}: the status sentence above the proof`).toBe(true);
      expect(proofBox && confirmBox && proofBox.y + proofBox.height <= confirmBox.y, `${where}: the proof above the Confirm button`).toBe(true);
      const widths = await ownerPage.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
      expect(widths.page, `${where}: no sideways scrolling`).toBeLessThanOrEqual(widths.viewport);
      await expectAccessible(ownerPage, `/merchant/payouts/${orderNo} ${where}`);
    }
  }

  // Once confirmed, the page says it is finished.
  await ownerPage.context().addCookies([{ name: 'corridor-lang', value: 'en', url: baseURL ?? '' }]);
  await ownerPage.reload();
  await ownerPage.getByRole('button', { name: words.en.confirm }).click();
  await ownerPage.getByRole('button', { name: 'Yes, confirm' }).click();
  await expect(ownerPage.getByTestId('status-sentence')).toHaveText('Completed: the transfer was confirmed and the trader has been paid.');
  await expect(ownerPage.getByTestId('next-step')).toHaveText('What you do next: Nothing: this payout is finished.');
  await ownerPage.goto(`/merchant/payouts?search=${encodeURIComponent(merchantOrderNo.toLowerCase())}`);
  await expect(ownerPage.getByTestId('order-total')).toHaveText('1 order');
  await expect(ownerPage.getByTestId('needs-decision')).toHaveCount(0);
});
