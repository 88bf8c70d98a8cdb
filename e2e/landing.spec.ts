import path from 'node:path';
import { expect, test } from '@playwright/test';

const destinations = [
  { name: /Checkout demo/, href: '/demo/checkout', heading: 'Checkout demo' },
  // The dashboards need a session: their cards lead to sign-in, which returns there afterwards.
  { name: /Trader dashboard/, href: '/trader', landsOn: '/sign-in?next=%2Ftrader', heading: 'Sign in' },
  { name: /Operator console/, href: '/operator', landsOn: '/sign-in?next=%2Foperator', heading: 'Sign in' },
  { name: /API reference/, href: '/docs/api', heading: 'API reference' },
] as const;

test('the landing page introduces Corridor and leads to its four areas', async ({ page }, testInfo) => {
  // A script blocked by the CSP shows up only as a console error; a broken nonce must fail the test.
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });

  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Corridor' })).toBeVisible();

  const csp = response?.headers()['content-security-policy'];
  expect(csp).toBeDefined();
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);

  // The header's nav repeats some of these links; the cards are the ones in the page's content.
  const main = page.getByRole('main');
  for (const destination of destinations) {
    await expect(main.getByRole('link', { name: destination.name })).toHaveAttribute('href', destination.href);
  }

  await page.screenshot({ path: path.join(testInfo.project.testDir, 'artifacts', 'landing.png'), fullPage: true });

  for (const destination of destinations) {
    await page.goto('/');
    await main.getByRole('link', { name: destination.name }).click();
    await expect(page).toHaveURL('landsOn' in destination ? destination.landsOn : destination.href);
    await expect(page.getByRole('heading', { level: 1, name: destination.heading })).toBeVisible();

    // A client-side navigation has no HTTP status of its own; a full load of the same URL does.
    const reloaded = await page.reload();
    expect(reloaded?.status()).toBeLessThan(400);
    await expect(page.getByRole('heading', { level: 1, name: destination.heading })).toBeVisible();
  }

  expect(cspViolations).toEqual([]);
});
