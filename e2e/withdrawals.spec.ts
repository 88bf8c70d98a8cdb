import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { getAddress } from 'viem';
import { expectAccessible } from './accessibility';
import { merchantOwnerWithDevice } from './merchant-owner';
import { signInAsDemoOperator } from './totp-device';

/**
 * USDT out, on the demo chain (no cool-down in the demo, no signer in the journeys' server): a
 * merchant owner funds its balance, adds an address with a fresh authenticator code, requests a
 * withdrawal after reading its fee and total, and watches the operator's decisions reach its
 * history: one rejected with a reason, one approved.
 */
test('a merchant owner withdraws to its book; the operator rejects one with a reason and approves the next', async ({ page: operator, browser }) => {
  test.setTimeout(60_000);
  await signInAsDemoOperator(operator);
  const { page: owner, device } = await merchantOwnerWithDevice(operator, browser, 'Withdraw Co');
  const address = getAddress(`0x${randomBytes(20).toString('hex')}`);

  await owner.getByRole('link', { name: 'Wallet' }).click();
  const section = owner.getByRole('region', { name: 'Withdrawals' });
  await expect(section.getByTestId('withdrawal-book-empty')).toHaveText('No withdrawal addresses yet. Add one below.');
  await expect(section.getByTestId('withdrawals-empty')).toBeVisible();
  await expect(section.getByTestId('withdrawal-no-usable')).toBeVisible();
  // Funds to withdraw: 25 test USDT from the demo funder.
  await owner.getByRole('button', { name: 'Send 25 test USDT to this address' }).click();
  await expect(owner.getByTestId('deposit-history').getByTestId('deposit-state')).toHaveText('Credited to your balance', { timeout: 20_000 });

  const add = section.getByRole('form', { name: 'Add an address' });
  await add.getByLabel('Address').fill(address);
  await add.getByLabel('Label').fill('Cold storage');
  // A wrong code changes nothing and says why.
  await add.getByLabel('Authenticator code').fill('000000');
  await add.getByRole('button', { name: 'Add address' }).click();
  await expect(add.getByRole('alert')).not.toBeEmpty();
  await expect(section.getByTestId('withdrawal-book-empty')).toBeVisible();
  await add.getByLabel('Authenticator code').fill(await device.nextCode());
  await add.getByRole('button', { name: 'Add address' }).click();
  await expect(section.getByRole('status').filter({ hasText: '“Cold storage” was added. It can be used from' })).toBeVisible();
  const book = section.getByTestId('withdrawal-book');
  await expect(book.locator('tbody tr')).toHaveCount(1);
  await expect(book).toContainText(address);
  await expect(book.getByTestId('withdrawal-address-status')).toHaveText('Usable');

  const request = section.getByRole('form', { name: 'Request a withdrawal' });
  await request.getByRole('button', { name: 'Review the withdrawal' }).click();
  await expect(request.getByRole('alert')).toHaveText('Enter an amount.');
  await request.getByLabel('Amount (USDT)').fill('10');
  await expect(request.getByRole('alert')).toHaveCount(0);
  await expect(request.getByTestId('withdrawal-costs')).toHaveText(/Network fee\s*1\.00 USDT\s*Taken from your balance\s*11\.00 USDT/);
  await request.getByRole('button', { name: 'Review the withdrawal' }).click();
  const confirm = owner.getByRole('dialog', { name: 'Withdraw 10.00 USDT?' });
  await expect(confirm).toContainText(`10.00 USDT goes to Cold storage (${address}) on Local demo chain (anvil). The network fee is 1.00 USDT, so 11.00 USDT leaves your balance.`);
  await expectAccessible(owner);
  await confirm.getByRole('button', { name: 'Withdraw' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'Withdrawal requested: Waiting for approval.' })).toBeVisible();
  const history = section.getByTestId('withdrawal-history').locator('tbody tr');
  await expect(history).toHaveCount(1);
  await expect(history.first().getByTestId('withdrawal-state')).toHaveText('Waiting for approval');
  await expectAccessible(owner);

  // The operator sees it waiting (the first withdrawal to an address always does) and rejects it.
  await operator.getByRole('link', { name: 'Withdrawals' }).click();
  await expect(operator.getByRole('table', { name: 'Hot wallet balance and outflow per chain' })).toContainText('Local demo chain (anvil)');
  const pending = operator.getByTestId('withdrawal-pending').filter({ hasText: address });
  await expect(pending).toHaveCount(1);
  await expect(pending).toContainText('first withdrawal to this address');
  await pending.getByRole('button', { name: 'Reject the withdrawal of 10.00 USDT' }).click();
  await expect(pending.getByRole('alert')).toHaveText('Write the reason first: the owner sees it.');
  await pending.getByLabel('Reason for rejecting 10.00 USDT').fill('Address not confirmed by phone');
  await pending.getByRole('button', { name: 'Reject the withdrawal of 10.00 USDT' }).click();
  const reject = operator.getByRole('dialog', { name: 'Reject 10.00 USDT?' });
  await expectAccessible(operator);
  await reject.getByRole('button', { name: 'Reject the withdrawal' }).click();
  await expect(operator.getByRole('status').filter({ hasText: 'Done: Rejected.' })).toBeVisible();
  await expect(pending).toHaveCount(0);
  await expect(history.first().getByTestId('withdrawal-state')).toHaveText('Rejected, funds returned (Address not confirmed by phone)', { timeout: 10_000 });

  // The funds came back: a second request, approved this time.
  await request.getByLabel('Amount (USDT)').fill('12.5');
  await request.getByRole('button', { name: 'Review the withdrawal' }).click();
  await owner.getByRole('dialog', { name: 'Withdraw 12.50 USDT?' }).getByRole('button', { name: 'Withdraw' }).click();
  await expect(history).toHaveCount(2);
  await expect(history.first().getByTestId('withdrawal-state')).toHaveText('Waiting for approval');
  await operator.reload();
  await expect(pending).toHaveCount(1);
  await pending.getByRole('button', { name: 'Approve the withdrawal of 12.50 USDT' }).click();
  await operator.getByRole('dialog', { name: 'Approve 12.50 USDT?' }).getByRole('button', { name: 'Approve the withdrawal' }).click();
  await expect(operator.getByRole('status').filter({ hasText: 'Done: Approved, not signed.' })).toBeVisible();
  await expect(history.first().getByTestId('withdrawal-state')).toHaveText('Approved, waiting to be sent', { timeout: 10_000 });
  await expectAccessible(owner);
});
