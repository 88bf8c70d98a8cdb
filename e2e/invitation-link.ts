import { expect, type Page } from '@playwright/test';

/**
 * The invitation link the page shows for `email`, read once the page names that person: right
 * after a second invitation the box still shows the first one's link until the answer arrives.
 */
export async function invitationLinkFor(page: Page, email: string): Promise<string> {
  await expect(page.getByText(`No email is sent: copy this link and give it to ${email} yourself.`)).toBeVisible();
  const link = (await page.getByTestId('invitation-link').textContent())?.trim() ?? '';
  expect(link).toMatch(/\/merchant\/invitation\/[A-Za-z0-9_-]{43}$/);
  return link;
}
