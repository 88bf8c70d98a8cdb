import { randomUUID } from 'node:crypto';
import { expect, type Browser, type Page } from '@playwright/test';
import { invitationLinkFor } from './invitation-link';
import { enrolOnPage, type TotpDevice } from './totp-device';

const OWNER_PASSWORD = 'a long console password';

/** Joins a merchant's team through an invitation link in a fresh browser, then signs in (the enrolment page follows). */
async function joinWithLink(browser: Browser, link: string, who: { name: string; email: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(link);
  await page.getByLabel('Your name').fill(who.name);
  await page.getByLabel('Password', { exact: true }).fill(OWNER_PASSWORD);
  await page.getByLabel('Repeat the password').fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Join the team' }).click();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return page;
}

/**
 * A new merchant made by the signed-in operator on `operatorPage`, with its owner joined, enrolled
 * and looking at the merchant console in their own browser.
 */
export async function merchantOwnerPage(operatorPage: Page, browser: Browser, label: string): Promise<Page> {
  return (await merchantOwnerWithDevice(operatorPage, browser, label)).page;
}

/**
 * As merchantOwnerPage, with the owner's authenticator for the actions that ask for a fresh code,
 * and the merchant's API key and secret (shown once, at its creation) for its own API calls.
 */
export async function merchantOwnerWithDevice(
  operatorPage: Page,
  browser: Browser,
  label: string,
): Promise<{ page: Page; device: TotpDevice; apiKey: string; apiSecret: string }> {
  const tag = randomUUID().slice(0, 8);
  const merchantName = `${label} ${tag}`;
  const owner = { name: 'Olga Owner', email: `${label.toLowerCase().replace(/\W+/g, '-')}-${tag}@example.com` };
  await operatorPage.goto('/operator/merchants');
  const create = operatorPage.getByRole('form', { name: 'Create a merchant' });
  await create.getByLabel('Name').fill(merchantName);
  await create.getByRole('button', { name: 'Create merchant' }).click();
  const created = operatorPage.getByRole('status').filter({ hasText: 'API secret' });
  await expect(created).toBeVisible();
  const apiKey = ((await created.getByText(/^API key: /).textContent()) ?? '').replace('API key: ', '').trim();
  const apiSecret = ((await created.getByText(/^API secret: /).textContent()) ?? '').replace('API secret: ', '').trim();
  await operatorPage.getByRole('button', { name: `Manage ${merchantName}` }).click();
  const ownerForm = operatorPage.getByRole('form', { name: 'Invite the first owner' });
  await ownerForm.getByLabel('Owner email').fill(owner.email);
  await ownerForm.getByRole('button', { name: 'Create owner invitation' }).click();
  const ownerPage = await joinWithLink(browser, await invitationLinkFor(operatorPage, owner.email), owner);
  const device = await enrolOnPage(ownerPage, 'Confirm and open the console');
  await expect(ownerPage).toHaveURL(/\/merchant$/);
  return { page: ownerPage, device, apiKey, apiSecret };
}
