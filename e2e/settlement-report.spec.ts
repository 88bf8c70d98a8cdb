import { createHash, createPublicKey, verify } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { merchantOwnerPage } from './merchant-owner';
import { signInAsDemoOperator } from './totp-device';

interface PublishedKeys {
  keys: { keyId: string; publicKey: string; active: boolean }[];
}

/** Ed25519 over the SHA-256 of the bytes, with a key from the platform's published list: what a third party does. */
async function verifiesWithPublishedKey(page: Page, bytes: Buffer | string, keyId: string, signature: string): Promise<boolean> {
  const published = (await (await page.request.get('/.well-known/corridor-report-key')).json()) as PublishedKeys;
  const key = published.keys.find((candidate) => candidate.keyId === keyId);
  if (!key) return false;
  const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(key.publicKey, 'base64').toString('base64url') }, format: 'jwk' });
  return verify(null, createHash('sha256').update(bytes).digest(), publicKey, Buffer.from(signature, 'base64'));
}

test("a merchant owner reads the day's statement on the Balance page, downloads the signed settlement report as CSV and PDF, and both verify with the published key while a tampered copy does not", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signInAsDemoOperator(page);
  const owner = await merchantOwnerPage(page, browser, 'Settlement Co');

  // The operator credits the new merchant: today's only movement, an adjustment.
  const merchants = (await (await page.request.get(`/api/trpc/operator.merchants.list?input=${encodeURIComponent('{}')}`)).json()) as { result: { data: { id: string; name: string }[] } };
  const merchantId = merchants.result.data.find((merchant) => merchant.name.startsWith('Settlement Co'))?.id ?? '';
  const credit = await page.request.post('/api/trpc/operator.traders.adjustBalance', {
    data: { owner: { type: 'merchant', id: merchantId }, direction: 'credit', amount: '321.500000', memo: 'Settlement journey funding' },
  });
  expect(credit.status()).toBe(200);

  await owner.getByRole('navigation', { name: 'Merchant console' }).getByRole('link', { name: 'Balance' }).click();
  const section = owner.getByTestId('settlement-report');
  await expect(section.getByRole('heading', { name: 'Settlement report' })).toBeVisible();
  // opening + credits - debits = closing, as the page shows it.
  await expect(section.getByTestId('settlement-opening')).toHaveText('0.00 USDT');
  await expect(section.getByRole('row', { name: /Adjustments/ })).toContainText('321.50');
  await expect(section.getByTestId('settlement-closing')).toHaveText('321.50 USDT');
  await expectAccessible(owner, 'merchant balance with the settlement report');

  // The CSV, downloaded as the owner's browser saves it: its last line signs every byte before it.
  const [csvDownload] = await Promise.all([owner.waitForEvent('download'), section.getByRole('link', { name: 'Download as CSV' }).click()]);
  const csv = await readFile((await csvDownload.path())!, 'utf8');
  const cut = csv.lastIndexOf('#signature,');
  expect(cut).toBeGreaterThan(0);
  const [, , keyId, value] = csv.slice(cut).trim().split(',');
  expect(csv).toContain('#closing_balance,321.500000');
  expect(await verifiesWithPublishedKey(owner, csv.slice(0, cut), keyId!, value!)).toBe(true);
  const tampered = csv.slice(0, cut).replace('#closing_balance,321.500000', '#closing_balance,921.500000');
  expect(await verifiesWithPublishedKey(owner, tampered, keyId!, value!)).toBe(false);

  // The PDF: downloaded from the same link, its signature travels in the answer's headers.
  const [pdfDownload] = await Promise.all([owner.waitForEvent('download'), section.getByRole('link', { name: 'Download as PDF' }).click()]);
  const pdfPath = (await pdfDownload.path())!;
  const pdf = await readFile(pdfPath);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const href = (await section.getByRole('link', { name: 'Download as PDF' }).getAttribute('href'))!;
  const answer = await owner.request.get(href);
  const signature = answer.headers()['corridor-signature']!;
  const pdfKeyId = answer.headers()['corridor-signature-key-id']!;
  expect(await verifiesWithPublishedKey(owner, await answer.body(), pdfKeyId, signature)).toBe(true);
  const flipped = Buffer.from(await answer.body());
  flipped.writeUInt8(flipped.readUInt8(flipped.length - 10) ^ 1, flipped.length - 10);
  expect(await verifiesWithPublishedKey(owner, flipped, pdfKeyId, signature)).toBe(false);
});
