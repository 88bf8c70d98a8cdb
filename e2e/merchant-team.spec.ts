import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { demoCredentials } from '../server/demo/demo-credentials';
import { guideScreenshot } from './merchant-guide-screenshot';
import { enrolOnPage, signInAsDemoOperator } from './totp-device';
import { invitationLinkFor } from './invitation-link';

const PASSWORD = 'a long team password';
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

const screenshot = guideScreenshot;

/** Opens an invitation link in a browser of its own (no session), joins, and signs in. */
async function joinWithLink(browser: Browser, link: string, who: { name: string; email: string }, team: { merchantName: string; role: string }, shot?: TestInfo): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(link);
  await expect(heading(page, 'Join a merchant team')).toBeVisible();
  await expect(page.getByText(`You are invited to ${team.merchantName}'s merchant console as ${team.role}.`)).toBeVisible();
  await expect(page.getByText(who.email, { exact: true })).toBeVisible();
  if (shot) await screenshot(page, shot, 'invitation');
  await page.getByLabel('Your name').fill(who.name);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Join the team' }).click();
  await expect(page.getByRole('status')).toContainText(`Your account is ready. Sign in as ${who.email}.`);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return page;
}

test('the merchant console never renders without a merchant session', async ({ page }) => {
  for (const pathname of ['/merchant', '/merchant/team', '/merchant/enrol']) {
    await page.goto(pathname);
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fmerchant/);
    await expect(heading(page, 'Sign in')).toBeVisible();
  }
  // A trader's session is not a merchant's: it lands on the trader's own dashboard.
  await page.goto('/sign-in?next=%2Fmerchant');
  await page.getByLabel('Email').fill(demoCredentials.trader.email);
  await page.getByLabel('Password').fill(demoCredentials.trader.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/trader$/);
  await page.goto('/merchant/team');
  await expect(page).toHaveURL(/\/trader$/);
});

test('an operator invites the owner, who joins, enrols a second factor and invites a support user, who sees the team without the invite form', async ({ page, browser }, testInfo) => {
  const tag = randomUUID().slice(0, 8);
  const owner = { name: 'Olivia Owner', email: `owner-${tag}@example.com` };
  const support = { name: 'Sam Support', email: `support-${tag}@example.com` };
  // A merchant of its own: the demo merchant's team already has its owner (the demo's sign-in).
  const merchantName = `Team Co ${tag}`;

  // The operator creates the merchant and makes the first owner's link on its page of the console.
  await signInAsDemoOperator(page);
  await page.goto('/operator/merchants');
  const create = page.getByRole('form', { name: 'Create a merchant' });
  await create.getByLabel('Name').fill(merchantName);
  await create.getByRole('button', { name: 'Create merchant' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'API secret' })).toBeVisible();
  await page.getByRole('button', { name: `Manage ${merchantName}` }).click();
  const ownerForm = page.getByRole('form', { name: 'Invite the first owner' });
  await ownerForm.getByLabel('Owner email').fill(owner.email);
  await ownerForm.getByRole('button', { name: 'Create owner invitation' }).click();
  const ownerLink = await invitationLinkFor(page, owner.email);
  await screenshot(page, testInfo, 'operator-first-owner');

  // The owner joins, and must enrol a second factor before the console opens.
  const ownerPage = await joinWithLink(browser, ownerLink, owner, { merchantName, role: 'Owner' }, testInfo);
  await expect(ownerPage).toHaveURL(/\/merchant\/enrol$/);
  await screenshot(ownerPage, testInfo, 'enrol');
  await enrolOnPage(ownerPage, 'Confirm and open the console');
  await expect(ownerPage).toHaveURL(/\/merchant$/);
  await expect(heading(ownerPage, 'Overview')).toBeVisible();
  await expect(ownerPage.getByTestId('totp-status')).toHaveText('On: sign-in asks for the code from your authenticator app.');
  const nav = ownerPage.getByRole('navigation', { name: 'Merchant console' });
  await expect(nav.getByRole('link')).toHaveText(['Overview', 'Payouts', 'Pay-ins', 'Team', 'Developers', 'API requests', 'Balance', 'Wallet', 'Audit log', 'Checkout', 'Risk rules', 'Alerts']);

  // The owner invites a support user from the team page.
  await nav.getByRole('link', { name: 'Team' }).click();
  await expect(heading(ownerPage, 'Team')).toBeVisible();
  const invite = ownerPage.getByRole('form', { name: 'Invite someone' });
  await invite.getByLabel('Email').fill(support.email);
  await invite.getByLabel('Role').selectOption('support');
  await invite.getByRole('button', { name: 'Create invitation link' }).click();
  const supportLink = await invitationLinkFor(ownerPage, support.email);
  await expect(ownerPage.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await expect(ownerPage.getByRole('table', { name: 'Pending invitations' }).getByRole('row').filter({ hasText: support.email })).toHaveCount(1);
  await screenshot(ownerPage, testInfo, 'team');

  // The support user joins; no second factor is asked of their role, and the team page offers them no changes.
  const supportPage = await joinWithLink(browser, supportLink, support, { merchantName, role: 'Support' });
  await expect(supportPage).toHaveURL(/\/merchant$/);
  await supportPage.getByRole('navigation', { name: 'Merchant console' }).getByRole('link', { name: 'Team' }).click();
  await expect(heading(supportPage, 'Team')).toBeVisible();
  const members = supportPage.getByRole('table', { name: 'Members' });
  await expect(members.getByRole('row').filter({ hasText: owner.email })).toContainText('Owner');
  await expect(members.getByRole('row').filter({ hasText: support.email })).toContainText('Support');
  await expect(supportPage.getByRole('form', { name: 'Invite someone' })).toHaveCount(0);
  await expect(supportPage.getByRole('button', { name: /Remove|Revoke|Change role/ })).toHaveCount(0);
  await screenshot(supportPage, testInfo, 'team-support');

  // The spent link does not work again.
  const again = await (await browser.newContext()).newPage();
  await again.goto(supportLink);
  await expect(again.getByRole('heading', { name: 'This invitation link does not work' })).toBeVisible();
});
