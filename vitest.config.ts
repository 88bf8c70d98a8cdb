import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    include: ['{server,db,app,scripts,clients,tests}/**/*.test.ts'],
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // next-auth imports 'next/server' without an extension, which Node's ESM loader refuses; bundled
    // through Vite it resolves (the tRPC caller harness loads the Auth.js config).
    server: { deps: { inline: ['next-auth'] } },
    // Request logs would drown the test output; the tests that read logs capture them directly.
    env: { LOG_LEVEL: 'silent' },
  },
});
