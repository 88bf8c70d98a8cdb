import { expect, test, type Locator, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { printedSignIn, startBanner } from '../scripts/start-banner';
import { expectAccessible } from './accessibility';
import { enrolOnPage } from './totp-device';

const phone = { width: 375, height: 568 };
const desktop = { width: 1440, height: 900 };
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/**
 * Reads the QR code as a camera would: the image as the browser drew it, sampled at the centre
 * of each module, must be the QR code of `text` (the `qrcode` encoding, error correction M, quiet
 * zone 2, as server/auth/totp-qr-code.ts makes it) module for module.
 */
async function expectQrCodeOf(image: Locator, text: string): Promise<void> {
  const expected = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const units = expected.size + 4;
  const { data, info } = await sharp(await image.screenshot({ animations: 'disabled' }))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const seen: string[] = [];
  const wanted: string[] = [];
  for (let row = 0; row < expected.size; row += 1) {
    let seenRow = '';
    let wantedRow = '';
    for (let column = 0; column < expected.size; column += 1) {
      const x = Math.floor(((column + 2.5) * info.width) / units);
      const y = Math.floor(((row + 2.5) * info.height) / units);
      seenRow += (data[y * info.width + x] ?? 255) < 128 ? '#' : '.';
      wantedRow += expected.get(row, column) ? '#' : '.';
    }
    seen.push(seenRow);
    wanted.push(wantedRow);
  }
  expect(seen.join('\n'), 'the QR code drawn on the page').toBe(wanted.join('\n'));
}

test('a newcomer signs in to the merchant console with the sign-in npm start prints, enrols the second factor from a QR code, and the console opens', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  // The lines `npm start` prints beside its URLs, made by the same function for this server.
  const banner = startBanner({ url: baseURL ?? '', mode: 'demo', seconds: '0.0', demo: true });
  const consoleUrl = banner.find((line) => line.trimStart().startsWith('Merchant console  '))?.trim().split(/\s+/).pop() ?? '';
  expect(consoleUrl).toBe(`${baseURL}/merchant`);
  const owner = printedSignIn(banner, 'Merchant console');

  // On a phone: the printed address asks for a sign-in, and the printed password opens the enrolment.
  await page.setViewportSize(phone);
  await page.goto(consoleUrl);
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fmerchant/);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/merchant\/enrol$/);
  await expect(heading(page, 'Set up your second factor')).toBeVisible();
  await expect(page.getByText('Owners and developers sign in with a code from an authenticator app.', { exact: false })).toBeVisible();

  const qr = page.getByRole('img', { name: 'QR code of the setup link for your authenticator app' });
  const setupLink = ((await page.getByLabel('Setup link').textContent()) ?? '').trim();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').trim();
  expect(setupLink).toMatch(new RegExp(`^otpauth://totp/.*secret=${secret}`));
  for (const viewport of [phone, desktop]) {
    await page.setViewportSize(viewport);
    await qr.scrollIntoViewIfNeeded();
    await expect(qr).toBeInViewport();
    const box = await qr.boundingBox();
    // Whole on the screen and large enough for a phone's camera.
    expect([box && box.width >= 150, box && box.x >= 0 && box.x + box.width <= viewport.width]).toEqual([true, true]);
    await expectQrCodeOf(qr, setupLink);
    await expectAccessible(page, `/merchant/enrol at ${viewport.width}x${viewport.height}`);
    await page.screenshot({ path: testInfo.outputPath(`enrol-${viewport.width}x${viewport.height}.png`), fullPage: true });
  }

  // The code from the app the QR code set up opens the console, as the demo merchant's owner.
  await enrolOnPage(page, 'Confirm and open the console');
  await expect(page).toHaveURL(/\/merchant$/);
  await expect(heading(page, 'Overview')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Merchant console' });
  await expect(nav).toBeVisible();
  await expect(page.locator('.console-user')).toContainText('Signed in as Demo Owner (Owner)');
  await expect(page.getByTestId('totp-status')).toHaveText('On: sign-in asks for the code from your authenticator app.');
  await expect(page.getByTestId('balance-available')).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2,6} USDT$/);
  for (const viewport of [desktop, phone]) {
    await page.setViewportSize(viewport);
    await expectAccessible(page, `/merchant at ${viewport.width}x${viewport.height}`);
    await page.screenshot({ path: testInfo.outputPath(`overview-${viewport.width}x${viewport.height}.png`), fullPage: true });
  }
});
