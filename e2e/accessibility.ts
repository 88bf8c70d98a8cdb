import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe-core on the page as it shows now: no violation of any rule, each named with its elements. */
export async function expectAccessible(page: Page, where = page.url()) {
  // Next streams a page's metadata after its body (and again after a language switch refreshes
  // it): judge the page once its title has arrived, and say so if it never does.
  await expect(page, `the title of ${where}`).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    `axe on ${where}`,
  ).toEqual([]);
}
