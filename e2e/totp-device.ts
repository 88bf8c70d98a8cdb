import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { totpCode, totpStep } from '../server/auth/totp';
import { demoCredentials } from '../server/demo/demo-credentials';

/**
 * An authenticator app in a journey: the secret and the last step whose code it gave. The server
 * refuses a code whose step was already spent, so a second sign-in within 30 seconds takes the
 * next step (accepted one step ahead), waiting when even that one was spent.
 */
export class TotpDevice {
  constructor(
    readonly secret: string,
    public lastStep: number | null = null,
  ) {}

  async nextCode(): Promise<string> {
    for (;;) {
      const now = totpStep(new Date());
      const step = this.lastStep === null ? now : Math.max(now, this.lastStep + 1);
      if (step <= now + 1) {
        this.lastStep = step;
        return totpCode(this.secret, step);
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

/** Enrols the second factor on the enrolment page showing now (operators' and merchants' are alike). */
export async function enrolOnPage(page: Page, confirmButton: string): Promise<TotpDevice> {
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your second factor' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByLabel('Setup link')).toHaveText(new RegExp(`^otpauth://totp/.*secret=${secret}`));
  const device = new TotpDevice(secret);
  await page.getByLabel('6-digit code').fill(await device.nextCode());
  await page.getByRole('button', { name: confirmButton }).click();
  return device;
}

// The demo operators enrol once per server (a fresh database each run) but several journeys sign
// them in; each one's device is kept in the worker and, should the worker restart, in a file beside
// the artifacts. A stale file from an earlier run is never used: only when the server asks for a code.
// Each shard of the journeys (scripts/journeys.ts) has its own server, so its own devices.
const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), 'artifacts', process.env.E2E_SHARD ? `shard-${process.env.E2E_SHARD}` : '');
const devices = new Map<string, TotpDevice>();

function storedDevice(stateFile: string): TotpDevice {
  const kept = devices.get(stateFile);
  if (kept) return kept;
  const { secret, lastStep } = JSON.parse(readFileSync(stateFile, 'utf8')) as { secret: string; lastStep?: number | null };
  const device = new TotpDevice(secret, lastStep ?? null);
  devices.set(stateFile, device);
  return device;
}

function storeDevice(stateFile: string, device: TotpDevice): void {
  devices.set(stateFile, device);
  mkdirSync(path.dirname(stateFile), { recursive: true });
  writeFileSync(stateFile, JSON.stringify({ secret: device.secret, lastStep: device.lastStep }));
}

/**
 * Signs a demo operator in, enrolling the second factor on their first sign-in of the run (then
 * `onEnrolPage` runs while the enrolment page shows), and waits for the console.
 */
async function signInOperator(page: Page, who: { email: string; password: string }, stateFile: string, onEnrolPage?: () => Promise<void>): Promise<void> {
  await page.goto('/sign-in?next=%2Foperator');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const codeField = page.getByLabel('Authenticator code');
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your second factor' }).or(codeField)).toBeVisible();
  if (await codeField.isVisible()) {
    // A code another journey spent in this 30-second step is refused (each code works once): the
    // device then gives the next step's code, as a person would wait for the next one.
    const device = storedDevice(stateFile);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      if (attempt > 1) await page.getByLabel('Password').fill(who.password);
      await codeField.fill(await device.nextCode());
      storeDevice(stateFile, device);
      await page.getByRole('button', { name: 'Sign in' }).click();
      // Signed in when the console opens; a refused code leaves the form (and its message) showing.
      if (await page.waitForURL(/\/operator$/, { timeout: 8_000 }).then(() => true, () => false)) break;
    }
  } else {
    await expect(page).toHaveURL(/\/operator\/enrol$/);
    if (onEnrolPage) await onEnrolPage();
    storeDevice(stateFile, await enrolOnPage(page, 'Confirm and open the console'));
  }
  await expect(page).toHaveURL(/\/operator$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Disputes' })).toBeVisible();
}

/**
 * Signs the demo operator in to the console, enrolling the second factor on their first sign-in
 * of the run. `onEnrolPage` runs while the enrolment page shows (the operator journey screenshots it).
 */
export async function signInAsDemoOperator(page: Page, onEnrolPage?: () => Promise<void>): Promise<void> {
  if (await resumeDemoOperatorSession(page)) return;
  await signInOperator(page, demoCredentials.operator, path.join(artifacts, 'demo-operator-totp.json'), onEnrolPage);
  // The session cookie alone: a language the journey chose is not the next journey's.
  const session = (await page.context().cookies()).filter((cookie) => cookie.name.endsWith('authjs.session-token'));
  demoOperatorSession = session.length > 0 ? session : null;
}

/**
 * Signs the demo's second operator in (the one who approves four-eyes proposals), in the page's
 * own browser context, enrolling their second factor on their first sign-in of the run.
 */
export async function signInAsSecondDemoOperator(page: Page): Promise<void> {
  await signInOperator(page, demoCredentials.secondOperator, path.join(artifacts, 'second-operator-totp.json'));
}

// Each sign-in spends a 30-second TOTP step, and the device can run only one step ahead: signing the
// demo operator in afresh for every journey made the suite wait up to half a minute each time. A
// journey that only needs the console signed in takes the session an earlier journey opened, as a
// person's browser keeps it; the sign-in itself is still what the first journey of the run does.
let demoOperatorSession: Awaited<ReturnType<BrowserContext['cookies']>> | null = null;

/** Opens the console with the kept session; false (and no cookies) when there is none or it ended. */
async function resumeDemoOperatorSession(page: Page): Promise<boolean> {
  if (!demoOperatorSession) return false;
  await page.context().addCookies(demoOperatorSession);
  await page.goto('/operator');
  if (new URL(page.url()).pathname === '/operator') {
    await expect(page.getByRole('heading', { level: 1, name: 'Disputes' })).toBeVisible();
    return true;
  }
  // Signed out everywhere, or the server restarted with a new database: sign in again.
  demoOperatorSession = null;
  await page.context().clearCookies();
  return false;
}
