import path from 'node:path';
import { expect, test } from '@playwright/test';

/** The docs site as a reader uses it: navigation, search, the language tabs, copying code. */
test('a developer finds idempotency by search, reads the Python example and copies it', async ({ page, context }, testInfo) => {
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(testInfo.project.use.baseURL ?? 'http://localhost').origin });

  expect((await page.goto('/docs'))?.status()).toBe(200);
  await page.getByRole('link', { name: 'Webhooks', exact: true }).first().click();
  await expect(page).toHaveURL('/docs/webhooks');
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  // On a wide screen the sidebar is always there: no menu button.
  await expect(page.getByRole('button', { name: /Docs menu/ })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Webhooks', exact: true }).and(page.locator('[aria-current="page"]'))).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Search the docs' });
  await search.fill('idempotency');
  await expect(page.getByRole('status').filter({ hasText: /matching heading/ })).toBeVisible();
  await search.press('Enter');
  await expect(page).toHaveURL(/\/docs\/api#idempotency$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Idempotency' })).toBeInViewport();

  // curl, Node.js and Python are one tab set; the arrow keys move between them.
  const tabs = page.getByRole('tablist', { name: 'Language of the examples' }).first();
  const curl = tabs.getByRole('tab', { name: 'curl' });
  await expect(curl).toHaveAttribute('aria-selected', 'true');
  await curl.focus();
  await page.keyboard.press('End');
  const python = tabs.getByRole('tab', { name: 'Python' });
  await expect(python).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: 'Python' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('hmac', { exact: false }).first()).toBeVisible();

  await panel.getByRole('button', { name: 'Copy code' }).first().click();
  await expect(panel.getByRole('button', { name: 'Copied code' }).first()).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('hmac');

  await page.screenshot({ path: path.join(testInfo.project.testDir, 'artifacts', 'docs-api.png') });
  expect((await page.goto('/docs/no-such-doc'))?.status()).toBe(404);
  expect(cspViolations).toEqual([]);
});

test('on a phone the docs menu folds and opens', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 664 });
  await page.goto('/docs/errors');
  await expect(page.getByRole('heading', { level: 1, name: 'Errors' })).toBeVisible();
  const menu = page.getByRole('button', { name: /Docs menu/ });
  await expect(menu).toBeVisible();
  await menu.click();
  await expect(page.getByRole('link', { name: 'Security', exact: true })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});
