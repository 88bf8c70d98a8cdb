import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    include: ['{server,db,app,scripts,clients,tests,config,common}/**/*.test.ts'],
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The suite waits on the database more than it computes: one fork more than the cores (three on
    // a 2-core machine) halved its time there (378 s to 198 s) against Vitest's default of one less.
    maxWorkers: availableParallelism() + 1,
    // next-auth imports `next/server` without the extension Node's ESM resolver needs; bundling it
    // through Vite resolves it, so tests can load the tRPC context (app/_trpc/init.ts).
    server: { deps: { inline: ['next-auth'] } },
    // Request logs would drown the test output; the tests that read logs capture them directly.
    env: { LOG_LEVEL: 'silent' },
  },
});
