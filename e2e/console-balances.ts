import { expect, type Page } from '@playwright/test';
import Decimal from 'decimal.js';
import { demoCredentials } from '../server/demo/demo-credentials';

/** A row's cells by column header, from a console table. */
export async function rowOf(page: Page, table: string, rowText: string): Promise<Record<string, string>> {
  const grid = page.getByRole('table', { name: table });
  const row = grid.getByRole('row').filter({ hasText: rowText });
  await expect(row).toHaveCount(1);
  const headers = (await grid.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
  const cells = await row.getByRole('cell').allInnerTexts();
  return Object.fromEntries(headers.map((header, index) => [header, (cells[index] ?? '').trim()]));
}

/** The demo parties' balances as the operator console shows them, each page freshly loaded (no cached list). */
export async function consoleBalances(page: Page) {
  await page.goto('/operator/traders');
  const trader = await rowOf(page, 'Traders', demoCredentials.trader.name);
  await page.goto('/operator/merchants');
  const merchant = await rowOf(page, 'Merchants', demoCredentials.merchant.name);
  // The page groups thousands ("10,000.00"); the journeys compare the amounts at ledger precision.
  const amount = (shown: string | undefined) => new Decimal((shown ?? '').replace(/,/g, '')).toFixed(6);
  return { traderAvailable: amount(trader['Available USDT']), merchantAvailable: amount(merchant['Available USDT']), merchantFrozen: amount(merchant['Frozen USDT']) };
}
