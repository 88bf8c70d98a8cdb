import { expect, test, type Page } from '@playwright/test';
import { createWalletClient, erc20Abi, getAddress, http } from 'viem';
import { foundry } from 'viem/chains';
import { demoCredentials } from '../server/demo/demo-credentials';
import { expectAccessible } from './accessibility';
import { merchantOwnerPage } from './merchant-owner';
import { signInAsDemoOperator } from './totp-device';

/**
 * USDT in, on the demo chain that `npm start` runs (anvil, a block a second, 3 confirmations):
 * the wallet page's address and QR code, a test deposit counted and credited, the operator finding
 * it by its transaction hash, and a deposit below the minimum held, then credited by the operator
 * after a confirmation, with its audit entry.
 */
const anvilUrl = `http://127.0.0.1:${process.env.E2E_ANVIL_PORT}`;
/** Anvil's account 0, the demo funder: anvil signs for it. */
const FUNDER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

async function addressOn(page: Page): Promise<{ address: string; token: string }> {
  const card = page.locator('[data-testid^="wallet-address-"]').first();
  await expect(card.getByRole('img', { name: /QR code of your deposit address on Local demo chain/ })).toBeVisible();
  await expect(card.getByText('Send USDT on Local demo chain (anvil) only.')).toBeVisible();
  const address = (await card.getByTestId('deposit-address').textContent())!.trim();
  const token = (await card.locator('code').nth(1).textContent())!.trim();
  return { address, token };
}

test('a merchant funds its balance on the demo chain; the operator finds the deposit and credits a held one', async ({ page: operator, browser }) => {
  test.setTimeout(90_000);
  await signInAsDemoOperator(operator);
  const owner = await merchantOwnerPage(operator, browser, 'Wallet Co');

  await owner.getByRole('link', { name: 'Wallet' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  const { address, token } = await addressOn(owner);
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  await expect(owner.getByTestId('deposits-empty')).toBeVisible();
  await expectAccessible(owner);

  await owner.getByRole('button', { name: 'Send 25 test USDT to this address' }).click();
  await expect(owner.getByText('Sent. Watch the deposit appear below')).toBeVisible();
  const row = owner.getByTestId('deposit-history').locator('tbody tr').first();
  await expect(row.getByTestId('deposit-state')).toHaveText('Credited to your balance', { timeout: 20_000 });
  await expect(row.getByTestId('deposit-confirmations')).toHaveText('3 of 3');
  await expect(row).toContainText('25.00');
  const txHash = (await row.locator('.wallet-hash').textContent())!.trim();
  await expectAccessible(owner);

  // The operator finds it by its transaction hash, with the merchant's name.
  await operator.goto('/operator/deposits');
  await expect(operator.getByRole('table', { name: 'Watcher lag per chain' })).toContainText('Local demo chain (anvil)');
  const search = operator.getByRole('search', { name: 'Deposits' });
  await search.getByLabel('Search by address, tx hash, owner id or name').fill(txHash);
  await search.getByRole('button', { name: 'Search' }).click();
  const found = operator.getByTestId('operator-deposit');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText('Wallet Co');
  await expect(found).toContainText('Credited');

  // 0.5 test USDT, below the chain's minimum of 1: held, never credited by the watcher.
  const funder = createWalletClient({ chain: foundry, transport: http(anvilUrl), account: FUNDER });
  const small = await funder.writeContract({ address: getAddress(token), abi: erc20Abi, functionName: 'transfer', args: [getAddress(address), 500_000n] });
  const heldRow = owner.getByTestId('deposit-history').locator('tbody tr').filter({ hasText: small });
  await expect(heldRow.getByTestId('deposit-state')).toHaveText('Held: an operator decides (below the minimum)', { timeout: 20_000 });

  await search.getByLabel('Search by address, tx hash, owner id or name').fill(small);
  await search.getByLabel('Show').selectOption('held');
  await search.getByRole('button', { name: 'Search' }).click();
  const held = operator.getByTestId('operator-deposit');
  await expect(held).toHaveCount(1);
  await expect(held).toContainText('Held (below the minimum)');
  const shortTx = `${small.slice(0, 10)}…${small.slice(-6)}`;
  // No note, no decision: the field says so and no dialog opens.
  await held.getByRole('button', { name: `Credit ${shortTx}` }).click();
  await expect(held.getByRole('alert')).toHaveText('Write a note first: it goes to the audit log with the decision.');
  await held.getByLabel(`Note for ${shortTx}`).fill('Customer asked for the test amount to count');
  await held.getByRole('button', { name: `Credit ${shortTx}` }).click();
  const dialog = operator.getByRole('dialog', { name: 'Credit 0.50 USDT?' });
  await expect(dialog).toContainText('Wallet Co');
  await expectAccessible(operator);
  await dialog.getByRole('button', { name: 'Credit the deposit' }).click();
  await expect(operator.getByRole('status').filter({ hasText: `Deposit ${shortTx} credited.` })).toBeVisible();
  await expect(heldRow.getByTestId('deposit-state')).toHaveText('Credited to your balance', { timeout: 10_000 });

  await operator.goto('/operator/audit');
  await expect(operator.getByRole('table', { name: 'Audit log' })).toContainText(/Held deposit credited|wallet\.held_deposit_credited/);
});

test('a trader sees its own address and watches a test deposit credit', async ({ page }) => {
  await page.goto('/sign-in?next=%2Ftrader%2Fwallet');
  await page.getByLabel('Email').fill(demoCredentials.trader.email);
  await page.getByLabel('Password').fill(demoCredentials.trader.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  await addressOn(page);
  await page.getByRole('button', { name: 'Send 25 test USDT to this address' }).click();
  const row = page.getByTestId('deposit-history').locator('tbody tr').first();
  await expect(row.getByTestId('deposit-state')).toHaveText('Credited to your balance', { timeout: 20_000 });
  await expectAccessible(page);

  // In Chinese: the page, the chain's warning and the state in words.
  await page.getByRole('group', { name: 'Language / 语言' }).getByRole('button', { name: '中文' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '钱包' })).toBeVisible();
  await expect(page.getByText('仅发送 Local demo chain (anvil) 上的 USDT。')).toBeVisible();
  await expect(page.getByTestId('deposit-history').locator('tbody tr').first().getByTestId('deposit-state')).toHaveText('已入账');
  await expectAccessible(page);
});
