import { expect, test } from '@playwright/test';
import { demoCredentials } from '../server/demo/demo-credentials';
import { expectAccessible } from './accessibility';

// The trader's Bond page (docs/routing.md, "Bond and exposure"): moves in and out after a
// confirmation, a refusal in words when more is asked back than the bond holds.

test('a trader moves USDT into its bond and back, confirming each move', async ({ page }) => {
  await page.goto(`/sign-in?next=${encodeURIComponent('/trader/bond')}`);
  await page.getByLabel(/^(Email|邮箱)$/).fill(demoCredentials.trader.email);
  await page.getByLabel(/^(Password|密码)$/).fill(demoCredentials.trader.password);
  await page.getByRole('button', { name: /^(Sign in|登录)$/ }).click();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bond' })).toBeVisible();
  await expectAccessible(page);

  const bondFact = page.locator('dt', { hasText: /^Bond$/ }).locator('xpath=following-sibling::dd[1]');
  const before = (await bondFact.textContent()) ?? '';

  // Cancelling the confirmation moves nothing.
  page.once('dialog', (dialog) => void dialog.dismiss());
  await page.getByLabel('Amount (USDT)').fill('1');
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(bondFact).toHaveText(before);

  page.once('dialog', (dialog) => {
    expect(dialog.message()).toContain('Move 1 USDT from your available balance into your bond');
    void dialog.accept();
  });
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Done: the bond now holds' })).toContainText('1.00 USDT');

  // Asking back more than the bond holds is refused in words, and nothing changes.
  await page.getByLabel('From the bond back to available').check();
  await page.getByLabel('Amount (USDT)').fill('999999999');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'still covers your open orders' })).toBeVisible();

  // Moving the 1 USDT back: it comes back when the page says it is free; when the trader's open
  // orders (other journeys' pay-ins on the shared demo trader) still need it, it is refused in words.
  const freeFact = page.locator('dt', { hasText: /^Free to move out$/ }).locator('xpath=following-sibling::dd[1]');
  const allFree = (await freeFact.textContent()) === '1.00 USDT';
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByLabel('Amount (USDT)').fill('1');
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  if (allFree) await expect(bondFact).toHaveText(before);
  else {
    await expect(page.getByRole('alert').filter({ hasText: 'still covers your open orders' })).toBeVisible();
    await expect(bondFact).toHaveText('1.00 USDT');
  }
  await expect(page.getByText('No penalty has been taken from your bond.')).toBeVisible();
  await expectAccessible(page);
});
