import { expect, test, type Page } from '@playwright/test';
import { demoCredentials } from '../server/demo/demo-credentials';
import { expectAccessible } from './accessibility';
import { signInAsDemoOperator, signInAsSecondDemoOperator } from './totp-device';

const controlsTable = (page: Page) => page.getByRole('table', { name: 'Controls in effect' });
const pendingChange = (page: Page) => page.getByRole('region', { name: 'Proposed change: Four-eyes threshold' });

/** Proposes a new four-eyes threshold on the settings page showing now. */
async function propose(page: Page, amount: string, reason: string) {
  const form = page.getByRole('form', { name: 'Propose a change' });
  await form.getByLabel('New four-eyes threshold (USDT, 2 decimals)').fill(amount);
  await form.getByLabel('Reason (required)').fill(reason);
  await form.getByRole('button', { name: 'Propose change' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Proposed: another operator must approve the change to the Four-eyes threshold.' })).toBeVisible();
}

/** Approves the pending change after its confirmation (Back first: it does nothing). */
async function approve(page: Page, from: string, to: string) {
  const change = pendingChange(page);
  await change.getByRole('button', { name: 'Approve change' }).click();
  const dialog = page.getByRole('dialog', { name: `Approve: Four-eyes threshold from ${from} USDT to ${to} USDT?` });
  await expect(dialog).toContainText('rulings already proposed keep the threshold they were proposed under');
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog).toBeHidden();
  await expect(controlsTable(page)).toContainText(`${from} USDT`);
  await change.getByRole('button', { name: 'Approve change' }).click();
  await dialog.getByRole('button', { name: 'Approve change' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Approved: the new value applies.' })).toBeVisible();
  await expect(controlsTable(page)).toContainText(`${to} USDT`);
}

test('settings: one operator proposes a new four-eyes threshold with a reason, only another approves it after a confirmation', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signInAsDemoOperator(page);
  await page.getByRole('navigation', { name: 'Operator console' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(controlsTable(page)).toContainText('1000.00 USDT');
  await expectAccessible(page, 'the settings page');

  await propose(page, '2500.00', 'Large disputes doubled; agreed at the risk review.');
  // The proposer waits: no approval of their own, only a withdrawal; the value has not moved.
  await expect(pendingChange(page).getByRole('status')).toHaveText('Waiting for another operator to approve or reject it.');
  await expect(pendingChange(page).getByRole('button', { name: 'Approve change' })).toHaveCount(0);
  await expect(pendingChange(page).getByRole('button', { name: 'Withdraw change' })).toBeVisible();
  await expect(controlsTable(page)).toContainText('1000.00 USDT');

  // The second operator sees who proposed it and why, and approves it.
  const approverContext = await browser.newContext();
  const approver = await approverContext.newPage();
  await signInAsSecondDemoOperator(approver);
  await approver.goto('/operator/settings');
  await expect(pendingChange(approver)).toContainText(demoCredentials.operator.name);
  await expect(pendingChange(approver)).toContainText('Large disputes doubled; agreed at the risk review.');
  await expectAccessible(approver, 'the settings page with a change to decide');
  await approve(approver, '1000.00', '2500.00');

  // Back to the default the same way, the roles swapped, so later journeys meet 1000.00.
  await propose(approver, '1000.00', 'Back to the default after the review period.');
  await approverContext.close();
  await page.reload();
  await approve(page, '2500.00', '1000.00');
  const recent = page.getByRole('table', { name: 'Recent control changes' });
  await expect(recent.locator('tbody tr')).toHaveCount(2);
  await expect(recent).toContainText(demoCredentials.secondOperator.name);

  // The audit log has both steps of each change.
  await page.goto('/operator/audit');
  await page.getByLabel('Action (e.g. dispute. for a family)').fill('control_change.');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const audit = page.getByRole('table', { name: 'Audit log' });
  await expect(audit).toContainText('control_change.propose');
  await expect(audit).toContainText('control_change.approve');

  // The page reads in Chinese too.
  await page.goto('/operator/settings');
  await page.getByRole('group', { name: 'Language / 语言' }).getByRole('button', { name: '中文' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '设置' })).toBeVisible();
  await expect(page.getByRole('table', { name: '当前生效的控制项' })).toContainText('1000.00 USDT');
  await page.getByRole('group', { name: 'Language / 语言' }).getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
});
