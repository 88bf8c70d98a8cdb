import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { freePortSync } from './free-port';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Chosen once, by the runner: its workers load this file again and inherit the variable it sets.
process.env.E2E_PORT ??= String(freePortSync());
const port = Number(process.env.E2E_PORT);
// The demo chain's anvil (npm start in demo mode), on a port the wallet journey knows to send on.
process.env.E2E_ANVIL_PORT ??= String(freePortSync());
const baseURL = `http://127.0.0.1:${port}`;
// A shard of `npm run test:e2e` (scripts/journeys.ts) keeps its own database and artifacts, so
// shards running side by side share nothing but the build.
const shard = process.env.E2E_SHARD ? `-${process.env.E2E_SHARD}` : '';
// Debian's Chromium: Playwright cannot download its own browser on this network.
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

/**
 * The journeys run in a real Chromium against the production server that `npm start` runs, on a
 * fresh embedded database seeded with the demo data: the newcomer's path, end to end.
 */
export default defineConfig({
  testDir: '.',
  outputDir: `artifacts/test-results${shard}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['html', { outputFolder: `artifacts/report${shard}`, open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `rm -rf .data/e2e${shard} .data/e2e${shard}.lock && npm start`,
    cwd: root,
    url: `${baseURL}/`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PGLITE_DIR: `.data/e2e${shard}`,
      PUBLIC_BASE_URL: baseURL,
      DATABASE_URL: '',
      CORRIDOR_MODE: 'demo',
      CORRIDOR_DEMO_CHAIN_PORT: process.env.E2E_ANVIL_PORT,
    },
  },
});
